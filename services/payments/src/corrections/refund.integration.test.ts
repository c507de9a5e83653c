import { randomUUID } from 'node:crypto';
import { payinReversalSchema } from '@cuota/contracts/payments/reversals';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { waitFor } from '@cuota/testing/wait-for';
import { balancesOfSchool } from '../ledger/ledger-repository';
import {
  behave as behaveAt,
  cardLeftCredit as cardLeftCreditAt,
  VOIDABLE_SHIFT_MS,
} from '../test-support/card-left-credit';
import { ledgerIsRight } from '../test-support/ledger-after-reversal';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import type { BilledOrder } from '../test-support/real-billing';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

let h: PaymentsHarness;
/** Every order a test reversed, with its reversed base: the ledger check counts them all. */
const reversed: { order: BilledOrder; base: number }[] = [];
let school: SchoolFixture;
let other: SchoolFixture;
const SHIFT_MS = VOIDABLE_SHIFT_MS;
beforeAll(async () => {
  h = await startPaymentsHarness({
    label: 'payments_refund',
    clock: () => Date.now() - SHIFT_MS,
    config: { webhookToleranceSeconds: 4 * 3600 },
  });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 90_000);
afterAll(() => h?.stop());

const kid = () => school.families[0]!.studentIds[0]!;
const reason = 'La familia pagó dos veces';
const refund = (json: unknown, as: IdentityClaims = h.staff('TREASURER'), key = randomUUID()) =>
  h.call(as, `/api/v1/dashboard/schools/${school.id}/refund/`, {
    method: 'POST',
    json,
    headers: { 'idempotency-key': key },
  });
const sandbox = (path: string, init?: RequestInit) => fetch(`${h.sandbox.url}${path}`, init);
const written = () =>
  Promise.all([h.count('payin_reversals'), h.count('ledger_transactions'), h.count('allocations')]);

async function paidByCard(period: string): Promise<{ payinId: string; order: BilledOrder }> {
  const [order] = await h.bill(school, [kid()], { period, dueOn: `${period}-10` });
  const card = await h.checkout(school, [order!]);
  await h.waitForStatus(card.body.id, 'success');
  await h.realBilling.waitForPaid(order!);
  return { payinId: card.body.id, order: order! };
}

async function ticketOf(payinId: string): Promise<string> {
  const { rows } = await h.books.$client.query('SELECT ticket_number FROM payins WHERE id = $1', [
    payinId,
  ]);
  return rows[0].ticket_number;
}

/** Moves the sale to yesterday in payments and at the gateway: it can no longer be voided. */
async function madeYesterday(payinId: string): Promise<void> {
  const yesterday = new Date(Date.now() - 30 * 3600_000);
  await h.books.$client.query('UPDATE payins SET created_at = $2 WHERE id = $1', [
    payinId,
    yesterday,
  ]);
  const res = await sandbox(`/_sandbox/charges/${await ticketOf(payinId)}/created`, {
    method: 'PUT',
    body: JSON.stringify({ created: yesterday.getTime() }),
  });
  expect(res.status).toBe(200);
}

const waitApplied = (reversalId: string) =>
  waitFor(async () => {
    const { rows } = await h.books.$client.query(
      'SELECT status FROM payin_reversals WHERE id = $1',
      [reversalId],
    );
    return rows[0]?.status === 'applied';
  });
/** Waits until the gateway delivered the reversal's webhook `times` times, each answered 200. */
const deliveredTimes = (payinId: string, type: string, times: number) =>
  waitFor(async () => {
    const ticket = await ticketOf(payinId);
    const deliveries = (await (
      await sandbox(`/_sandbox/webhooks?ticketNumber=${ticket}`)
    ).json()) as { transaction_type: string; status: number }[];
    return (
      deliveries.filter((d) => d.transaction_type === type && d.status === 200).length === times
    );
  });
const reversedEvents = (payinId: string) =>
  h.count(
    'outbox_events',
    "type = 'payments.payin.reversed' AND payload->'data'->>'payin_id' = $1",
    [payinId],
  );

test('twenty refunds at once, webhook delivered five times: one void, books moved once', async () => {
  const { payinId, order } = await paidByCard('2026-03');
  const before = await balancesOfSchool(h.service.db, school.id);
  await sandbox('/_sandbox/behaviour', { method: 'PUT', body: JSON.stringify({ duplicates: 4 }) });

  const answers = await Promise.all(
    Array.from({ length: 20 }, () => refund({ payin_id: payinId, reason })),
  );
  const accepted = answers.filter((a) => a.status === 201);
  expect(accepted).toHaveLength(1);
  for (const refused of answers.filter((a) => a.status !== 201)) {
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Este pago ya se reembolsó por completo.');
  }
  const reversal = payinReversalSchema.parse(accepted[0]!.body);
  expect(reversal).toMatchObject({ kind: 'void', status: 'pending', amount_centavos: 350_000 });

  await waitApplied(reversal.id);
  await deliveredTimes(payinId, 'VOID', 5);
  await sandbox('/_sandbox/behaviour', { method: 'PUT', body: JSON.stringify({}) });

  expect(await h.count('payin_reversals', 'payin_id = $1', [payinId])).toBe(1);
  expect(await h.count('payins', "id = $1 AND status = 'canceled'", [payinId])).toBe(1);
  expect(await reversedEvents(payinId)).toBe(1);
  const after = await balancesOfSchool(h.service.db, school.id);
  expect(after.gateway_clearing! - before.gateway_clearing!).toBe(-350_000);
  expect(after.receivable! - before.receivable!).toBe(350_000);
  reversed.push({ order, base: 350_000 });
  await ledgerIsRight(h, school, reversed);
});

test('after the day: a partial refund, then the rest, then nothing is left', async () => {
  const { payinId, order } = await paidByCard('2026-04');
  await madeYesterday(payinId);
  const before = await balancesOfSchool(h.service.db, school.id);

  const part = await refund({ payin_id: payinId, amount_centavos: 100_000, reason });
  expect(part.status).toBe(201);
  expect(part.body).toMatchObject({ kind: 'refund', status: 'pending', amount_centavos: 100_000 });
  const tooMuch = await refund({ payin_id: payinId, amount_centavos: 300_000, reason });
  expect(tooMuch.status).toBe(409);
  expect(tooMuch.body.error.message).toBe(
    'De este pago quedan $2,500.00 por reembolsar; no $3,000.00.',
  );
  await waitApplied(part.body.id);
  const event = await h.books.$client.query(
    "SELECT payload->'data' AS data FROM outbox_events WHERE type = 'payments.payin.reversed' AND payload->'data'->>'reversal_id' = $1",
    [part.body.id],
  );
  expect(event.rows[0].data).toMatchObject({
    kind: 'refund',
    whole: false,
    amount_centavos: 100_000,
    allocations: [expect.objectContaining({ order_id: order.id, base_centavos: 100_000 })],
  });
  expect(await h.count('payins', "id = $1 AND status = 'success'", [payinId])).toBe(1);
  const detail = `/api/v2/schools/${school.id}/payins/${payinId}/`;
  const returned = async () =>
    (await h.call(h.staff('TREASURER', school), detail)).body.returned_centavos;
  expect(await returned()).toBe(100_000);

  const rest = await refund({ payin_id: payinId, reason });
  expect(rest.body).toMatchObject({ kind: 'refund', amount_centavos: 250_000 });
  await waitApplied(rest.body.id);
  const none = await refund({ payin_id: payinId, reason });
  expect(none.status).toBe(409);
  expect(none.body.error.message).toBe('Este pago ya se reembolsó por completo.');
  expect(await returned()).toBe(350_000);

  const after = await balancesOfSchool(h.service.db, school.id);
  expect(after.gateway_clearing! - before.gateway_clearing!).toBe(-350_000);
  expect(after.receivable! - before.receivable!).toBe(350_000);
  expect(await reversedEvents(payinId)).toBe(2);
  reversed.push({ order, base: 350_000 });
  await ledgerIsRight(h, school, reversed);
});

test('one key sent twenty times at once is one refund; the same key answers it again', async () => {
  const { payinId, order } = await paidByCard('2026-05');
  await madeYesterday(payinId);
  const key = randomUUID();
  const json = { payin_id: payinId, amount_centavos: 50_000, reason };
  const answers = await Promise.all(Array.from({ length: 20 }, () => refund(json, undefined, key)));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
  expect(replayed).toHaveLength(19);
  await waitApplied(answers[0]!.body.id);
  const again = await refund(json, undefined, key);
  expect(again.body).toMatchObject({ id: answers[0]!.body.id, status: 'applied' });
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(await h.count('payin_reversals', 'payin_id = $1', [payinId])).toBe(1);
  expect(await reversedEvents(payinId)).toBe(1);
  reversed.push({ order, base: 50_000 });
  await ledgerIsRight(h, school, reversed);
});

test('who may refund what: 403 without payments.refund, 404 elsewhere, 400 bad input', async () => {
  const { payinId } = await paidByCard('2026-06');
  const json = { payin_id: payinId, reason };
  const before = await written();
  for (const role of ['CASH_COLLECTION', 'ADMINISTRATIVE_DIRECTOR', 'ACCOUNTANT'] as const)
    expect((await refund(json, h.staff(role))).status).toBe(403);
  expect((await refund(json, h.guardian(school))).status).toBe(403);
  const elsewhere = await h.call(
    h.staff('OWNER', other),
    `/api/v1/dashboard/schools/${other.id}/refund/`,
    { method: 'POST', json, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(elsewhere.status).toBe(404);
  for (const [body, message] of [
    [{ payin_id: payinId }, 'Escribe el motivo del reembolso.'],
    [{ payin_id: payinId, reason, amount_centavos: 0 }, 'La cantidad debe ser mayor que cero.'],
    [{ payin_id: 'x', reason }, 'Elige el pago con tarjeta que se reembolsa.'],
  ] as const) {
    const res = await refund(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  expect(await written()).toEqual(before);

  const desk = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: { student_id: kid(), amount_centavos: 1_000, method: 'cash', confirm_excess: true },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  const refused = await refund({ payin_id: desk.body.id, reason }, h.staff('OWNER'));
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(
    'Este pago no fue con tarjeta: un pago de caja se anula desde su detalle.',
  );
});

const behave = (behaviour: object) => behaveAt(h, behaviour);
const refundAt = (school: SchoolFixture, json: object, key = randomUUID()) =>
  h.call(h.staff('TREASURER', school), `/api/v1/dashboard/schools/${school.id}/refund/`, {
    method: 'POST',
    json: { reason, ...json },
    headers: { 'idempotency-key': key },
  });

const cardLeftCredit = (family: number, order: BilledOrder) =>
  cardLeftCreditAt(h, other, family, order);

/** The reversal is booked: the money left the gateway, the spent credit is what is owed. */
async function bookedAsOwed(payinId: string, student: string, before: Record<string, number>) {
  expect(await h.count('payin_reversals', 'payin_id = $1', [payinId])).toBe(1);
  expect(await h.count('payins', "id = $1 AND status = 'canceled'", [payinId])).toBe(1);
  expect(await reversedEvents(payinId)).toBe(1);
  const after = await balancesOfSchool(h.service.db, other.id);
  expect(after.gateway_clearing! - before.gateway_clearing!).toBe(-350_000);
  expect(after[`owed:${student}`]).toBe(350_000);
  expect(after[`credit:${student}`] ?? 0).toBe(0);
  // The orders the credit paid stay paid: billing and the ledger still agree.
  expect(after.receivable).toBe(before.receivable);
  await ledgerIsRight(h, other, []);
}

test('credit spent between a whole refund and its webhook (×5): booked once, owed', async () => {
  const [ana, luis] = other.families[0]!.studentIds as [string, string];
  // Each bill run bills every student of the level: Ana, Luis and Sofía.
  const [march, luisMarch] = await h.bill(other, [ana, luis], { period: '2026-03' });
  const payinId = await cardLeftCredit(0, march!);
  await behave({ hold: true });
  const key = randomUUID();
  const asked = await refundAt(other, { payin_id: payinId }, key);
  expect(asked.status).toBe(201);
  expect(asked.body).toMatchObject({ kind: 'void', status: 'pending' });

  // Meanwhile the next bill run spends Ana's $3,500: $1,000 on her April, $2,500 on Luis's March.
  const [april] = await h.bill(other, [ana], { period: '2026-04', amount: 100_000 });
  await h.realBilling.waitForPaid(april!);
  await h.realBilling.waitForPaid(luisMarch!, 250_000);
  const before = await balancesOfSchool(h.service.db, other.id);
  await behave({ duplicates: 4 });
  await waitApplied(asked.body.id);
  await deliveredTimes(payinId, 'VOID', 5);
  await behave({});

  const again = await refundAt(other, { payin_id: payinId }, key);
  expect(again.body).toMatchObject({
    status: 'applied',
    credit_reversed_centavos: 350_000,
    credit_owed_centavos: 350_000,
  });
  await bookedAsOwed(payinId, ana, before);
});

test('a refund of credit already spent is warned first; confirmed, the family owes it', async () => {
  const sofia = other.families[1]!.studentIds[0]!;
  const [may] = await h.bill(other, [sofia], { period: '2026-05' });
  const payinId = await cardLeftCredit(1, may!);
  // The next bill run: Sofía's credit pays her oldest open orders (March, April, June).
  await h.bill(other, [sofia], { period: '2026-06', amount: 100_000 });
  await waitFor(async () => (await h.count('credit_applications', 'student_id = $1', [sofia])) > 0);
  const before = await balancesOfSchool(h.service.db, other.id);

  const nothing = await written();
  const warned = await refundAt(other, { payin_id: payinId });
  expect(warned.status).toBe(409);
  expect(warned.body.error).toMatchObject({
    code: 'CREDIT_SPENT_NOT_CONFIRMED',
    message:
      '$3,500.00 del saldo a favor que dejó este pago ya pagaron otros cargos de la familia. Si reembolsas, la familia quedará debiendo $3,500.00 a la escuela. Confirma para reembolsar de todos modos.',
  });
  expect(await written()).toEqual(nothing);

  const confirmed = await refundAt(other, { payin_id: payinId, confirm_credit_spent: true });
  expect(confirmed.status).toBe(201);
  await waitApplied(confirmed.body.id);
  await bookedAsOwed(payinId, sofia, before);
});
