import { randomUUID } from 'node:crypto';
import { clabeCheckDigit } from '@cuota/contracts/payments/clabe';
import { preferenceSchema, type Preference } from '@cuota/contracts/payments/preferences';
import { waitFor } from '@cuota/testing/wait-for';
import type { BilledOrder } from '../test-support/real-billing';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { refundKit } from '../test-support/refund-kit';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(120_000);

/**
 * SPEI references and cash vouchers (ADR 0089): a transfer or cash preference opens a pending
 * payin and the gateway's reference; the gateway's signed notice pays the orders once, and a
 * voucher that lapses charges nothing.
 */
let h: PaymentsHarness;
let school: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_references' });
  school = h.schools[0]!;
}, 90_000);
afterAll(() => h?.stop());

const CREATE = '/api/v1/kushki_checkout/preferences/';
const create = (method: string, orders: BilledOrder[], key = `pref-${randomUUID()}`, family = 0) =>
  h.call(h.guardian(school, family), CREATE, {
    method: 'POST',
    json: { school_id: school.id, method, order_ids: orders.map((o) => o.id) },
    headers: { 'idempotency-key': key },
  });

const ticketOf = async (payinId: string): Promise<string> => {
  const { rows } = await h.service.db.$client.query(
    'SELECT ticket_number FROM payins WHERE id = $1',
    [payinId],
  );
  return rows[0].ticket_number as string;
};

const atSandbox = (ticket: string, action: 'pay' | 'expire') =>
  fetch(`${h.sandbox.url}/_sandbox/payins/${ticket}/${action}`, { method: 'POST' });

const behave = (json: object) =>
  fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(json) });

const ledgerIsRight = () =>
  waitFor(async () => {
    const report = await h.ledgerCheck();
    expect(report.mismatches).toEqual([]);
    expect(report.balanced).toBe(true);
    return report.ok;
  });

test('SPEI: one CLABE and reference per payment; the transfer, notified 5 times, pays once', async () => {
  const orders = await h.bill(school, school.families[0]!.studentIds, { period: '2026-08' });
  const key = `pref-${randomUUID()}`;
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => create('transfer', orders, key)),
  );
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
  const preference: Preference = preferenceSchema.parse(answers[0]!.body);
  const instructions = preference.instructions!;
  expect(answers.map((a) => a.body.instructions?.reference)).toEqual(
    answers.map(() => instructions.reference),
  );
  expect(instructions).toMatchObject({
    method: 'transfer',
    status: 'pending',
    amount_centavos: 2 * 350_000,
    bank: 'STP',
  });
  expect(instructions.reference).toMatch(/^\d{7}$/);
  const clabe = instructions.clabe!;
  expect(clabe).toMatch(/^646\d{15}$/);
  expect(Number(clabe[17])).toBe(clabeCheckDigit(clabe.slice(0, 17)));
  const hours = (Date.parse(instructions.expires_at) - Date.now()) / 3_600_000;
  expect(Math.round(hours)).toBe(72);
  expect(
    await h.count('payins', "type = 'TRANSFER_IN' AND guardian_id = $1", [
      school.families[0]!.guardianId,
    ]),
  ).toBe(1);
  // Five answers, one reference: the family is told of it once (ADR 0103).
  const issued = await h.books.$client.query(
    "SELECT payload FROM outbox_events WHERE type = 'payments.payin.reference_issued' AND payload->'data'->>'payin_id' = $1",
    [instructions.payin_id],
  );
  expect(issued.rows.map((r: { payload: { data: unknown } }) => r.payload.data)).toEqual([
    {
      payin_id: instructions.payin_id,
      school_id: school.id,
      guardian_id: school.families[0]!.guardianId,
      method: 'transfer',
      amount_centavos: 2 * 350_000,
      reference: instructions.reference,
      clabe,
      expires_at: instructions.expires_at,
    },
  ]);
  await h.realBilling.waitForStatus(orders[0]!, 'WAITING_PAID');
  // The family's history keeps the reference while the money is awaited.
  const history = await h.call(h.guardian(school), `/api/v1/schools/${school.id}/payins/`);
  expect(history.body.results[0]).toMatchObject({
    id: instructions.payin_id,
    type: 'TRANSFER_IN',
    status: 'pending',
    payment_reference: {
      reference: instructions.reference,
      clabe,
      expires_at: instructions.expires_at,
    },
  });

  await behave({ duplicates: 4 });
  try {
    const paid = await atSandbox(await ticketOf(instructions.payin_id), 'pay');
    expect(paid.status).toBe(200);
    await h.waitForStatus(instructions.payin_id, 'success');
    await Promise.all(orders.map((o) => h.realBilling.waitForPaid(o)));
  } finally {
    await behave({});
  }
  const again = await atSandbox(await ticketOf(instructions.payin_id), 'pay');
  expect(again.status).toBe(409);
  expect(await h.count('allocations', 'payin_id = $1', [instructions.payin_id])).toBe(2);
  expect(
    await h.count('ledger_transactions', 'idempotency_key = $1', [
      `payin:${instructions.payin_id}:settled`,
    ]),
  ).toBe(1);
  // The family's retry now reads the reference as paid.
  const retried = preferenceSchema.parse((await create('transfer', orders, key)).body);
  expect(retried.instructions?.status).toBe('success');
  await ledgerIsRight();
});

const referencesAtGateway = async (payinId: string): Promise<unknown[]> =>
  (await fetch(`${h.sandbox.url}/_sandbox/payins?payment_id=${payinId}`)).json() as Promise<
    unknown[]
  >;

const loseAnswers = (count: number) =>
  fetch(`${h.sandbox.url}/_sandbox/payins/lose-answers`, {
    method: 'PUT',
    body: JSON.stringify({ count }),
  });

const transferPayins = (guardianId: string) =>
  h.count('payins', "type = 'TRANSFER_IN' AND status = 'pending' AND guardian_id = $1", [
    guardianId,
  ]);

test('20 concurrent asks for the same orders, under 20 keys: one payin, one gateway reference', async () => {
  const family = school.families[0]!;
  const orders = await h.bill(school, family.studentIds, { period: '2026-11' });
  const answers = await Promise.all(Array.from({ length: 20 }, () => create('transfer', orders)));
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
  const references = new Set(answers.map((a) => a.body.instructions?.reference as string));
  expect(references.size).toBe(1);
  const payinId = answers[0]!.body.instructions.payin_id as string;
  expect(await transferPayins(family.guardianId)).toBe(1);
  expect(await referencesAtGateway(payinId)).toHaveLength(1);
  // Another order set is another payment: its own reference.
  const one = await create('transfer', orders.slice(0, 1));
  expect(one.body.instructions.reference).not.toBe([...references][0]);
});

test('a lost gateway answer: the retry, under its key or another, gets the same reference', async () => {
  const family = school.families[1]!;
  const orders = await h.bill(school, family.studentIds, { period: '2026-12' });
  const key = `pref-${randomUUID()}`;
  await loseAnswers(1);
  const lost = await create('cash', orders, key, 1);
  expect(lost.status).toBe(503);
  expect(lost.body.error.message).toMatch(/No pudimos generar tu referencia/);
  const retries = await Promise.all([
    ...Array.from({ length: 10 }, () => create('cash', orders, key, 1)),
    ...Array.from({ length: 10 }, () => create('cash', orders, undefined, 1)),
  ]);
  expect(new Set(retries.map((a) => a.status))).toEqual(new Set([201]));
  const instructions = preferenceSchema.parse(retries[0]!.body).instructions!;
  expect(new Set(retries.map((a) => a.body.instructions?.reference))).toEqual(
    new Set([instructions.reference]),
  );
  // The reference opened for the lost answer is the one the family got: one at the gateway.
  const atGateway = await referencesAtGateway(instructions.payin_id);
  expect(atGateway).toEqual([expect.objectContaining({ pin: instructions.reference })]);
  expect(
    await h.count('payins', "type = 'CASH_IN' AND guardian_id = $1", [family.guardianId]),
  ).toBe(1);
});

test('cash: a voucher that lapses unpaid charges nothing and reopens the order', async () => {
  const [order] = await h.bill(school, [school.families[1]!.studentIds[0]!], { period: '2026-09' });
  await ledgerIsRight(); // the order's receivable is posted
  const before = await h.ledgerCheck();
  const created = await create('cash', [order!], undefined, 1);
  expect(created.status).toBe(201);
  const instructions = preferenceSchema.parse(created.body).instructions!;
  expect(instructions).toMatchObject({ method: 'cash', clabe: null, bank: null });
  expect(instructions.reference).toMatch(/^\d{14}$/);
  await h.realBilling.waitForStatus(order!, 'WAITING_PAID');

  const ticket = await ticketOf(instructions.payin_id);
  expect((await atSandbox(ticket, 'expire')).status).toBe(200);
  await h.waitForStatus(instructions.payin_id, 'failed');
  await h.realBilling.waitForStatus(order!, 'NOT_PAID');
  // The store refuses an expired voucher: nothing arrives, nothing is allocated.
  expect((await atSandbox(ticket, 'pay')).status).toBe(409);
  expect(await h.count('allocations', 'payin_id = $1', [instructions.payin_id])).toBe(0);
  expect((await h.ledgerCheck()).transactions).toBe(before.transactions);

  // A new voucher for the same order is paid at the store: the order is paid.
  const fresh = preferenceSchema.parse(
    (await create('cash', [order!], undefined, 1)).body,
  ).instructions!;
  expect(fresh.reference).not.toBe(instructions.reference);
  expect((await atSandbox(await ticketOf(fresh.payin_id), 'pay')).status).toBe(200);
  await h.waitForStatus(fresh.payin_id, 'success');
  await h.realBilling.waitForPaid(order!);
  await ledgerIsRight();
});

test('staff cannot open a family’s reference: 403, no payin', async () => {
  const [order] = await h.bill(school, [school.families[1]!.studentIds[0]!], { period: '2026-10' });
  const staff = await h.call(h.staff('TREASURER', school), CREATE, {
    method: 'POST',
    json: { school_id: school.id, method: 'transfer', order_ids: [order!.id] },
    headers: { 'idempotency-key': `pref-${randomUUID()}` },
  });
  expect(staff.status).toBe(403);
  expect(
    await h.count('payins', "type = 'TRANSFER_IN' AND student_ids @> $1", [[order!.studentId]]),
  ).toBe(0);
});

// Last: these leave family credit, which billing applies to the family’s next orders.
const payAt = (ticket: string, amountCentavos: number) =>
  fetch(`${h.sandbox.url}/_sandbox/payins/${ticket}/pay`, {
    method: 'POST',
    body: JSON.stringify({ amount_centavos: amountCentavos }),
  });

const payinRow = async (payinId: string) =>
  (
    await h.service.db.$client.query(
      'SELECT status, amount_centavos, credit_created_centavos, note FROM payins WHERE id = $1',
      [payinId],
    )
  ).rows[0] as {
    status: string;
    amount_centavos: string;
    credit_created_centavos: string;
    note: string;
  };

const allocatedTo = async (payinId: string) =>
  (
    await h.service.db.$client.query(
      `SELECT order_id, (base_centavos + late_fee_centavos)::int AS total
         FROM allocations WHERE payin_id = $1 ORDER BY order_id`,
      [payinId],
    )
  ).rows as { order_id: string; total: number }[];

test('a transfer of less pays the oldest orders with what arrived; the rest stays open', async () => {
  const family = school.families[0]!;
  const [older] = await h.bill(school, [family.studentIds[0]!], { period: '2027-01' });
  const [newer] = await h.bill(school, [family.studentIds[1]!], { period: '2027-02' });
  const reference = preferenceSchema.parse(
    (await create('transfer', [newer!, older!])).body,
  ).instructions!;
  expect(reference.amount_centavos).toBe(700_000);
  expect((await payAt(await ticketOf(reference.payin_id), 500_000)).status).toBe(200);
  await h.waitForStatus(reference.payin_id, 'success');
  expect(await payinRow(reference.payin_id)).toMatchObject({
    amount_centavos: '500000',
    credit_created_centavos: '0',
    note: 'Se esperaban $7,000.00 y llegaron $5,000.00: se abonó a los cargos más antiguos y el resto sigue pendiente.',
  });
  expect(await allocatedTo(reference.payin_id)).toEqual(
    expect.arrayContaining([
      { order_id: older!.id, total: 350_000 },
      { order_id: newer!.id, total: 150_000 },
    ]),
  );
  await h.realBilling.waitForPaid(older!);
  await ledgerIsRight();
});

test('store cash of more pays every order; the difference is the family’s credit', async () => {
  const [order] = await h.bill(school, [school.families[1]!.studentIds[0]!], { period: '2027-03' });
  const voucher = preferenceSchema.parse(
    (await create('cash', [order!], undefined, 1)).body,
  ).instructions!;
  expect((await payAt(await ticketOf(voucher.payin_id), 400_000)).status).toBe(200);
  await h.waitForStatus(voucher.payin_id, 'success');
  expect(await payinRow(voucher.payin_id)).toMatchObject({
    amount_centavos: '400000',
    credit_created_centavos: '50000',
  });
  expect(await allocatedTo(voucher.payin_id)).toEqual([{ order_id: order!.id, total: 350_000 }]);
  await h.realBilling.waitForPaid(order!);
  await ledgerIsRight();
});

const { refundAs, creditOf } = {
  refundAs: (...args: Parameters<ReturnType<typeof refundKit>['refundAs']>) =>
    refundKit(h, school).refundAs(...args),
  creditOf: (studentId: string) => refundKit(h, school).creditOf(studentId),
};

test('SPEI money back to the family’s credit: 20 concurrent asks, one reversal, orders reopen', async () => {
  const family = school.families[1]!;
  const [order] = await h.bill(school, [family.studentIds[0]!], { period: '2027-04' });
  const spei = preferenceSchema.parse(
    (await create('transfer', [order!], undefined, 1)).body,
  ).instructions!;
  expect((await atSandbox(await ticketOf(spei.payin_id), 'pay')).status).toBe(200);
  await h.waitForStatus(spei.payin_id, 'success');
  await h.realBilling.waitForPaid(order!);
  const creditBefore = await creditOf(family.studentIds[0]!);
  const body = { payin_id: spei.payin_id, reason: 'Pagó el cargo equivocado', to: 'credit' };

  // Through the gateway it is refused: the money is a transfer's, it goes to credit.
  const card = await refundAs(h.staff('TREASURER', school), { ...body, to: undefined });
  expect(card.status).toBe(409);
  expect(card.body.error.message).toMatch(/devuélvelo como saldo a favor/);
  const nowhere = await refundAs(h.staff('TREASURER', school), { ...body, to: 'cuenta' });
  expect(nowhere.status).toBe(400);
  expect(nowhere.body.error.details).toEqual([
    { path: 'to', message: 'Elige a dónde se devuelve el dinero.' },
  ]);
  // A cashier may not give money back.
  expect((await refundAs(h.staff('CASH_COLLECTION', school), body)).status).toBe(403);

  const key = randomUUID();
  const same = await Promise.all(
    Array.from({ length: 20 }, () => refundAs(h.staff('TREASURER', school), body, key)),
  );
  expect(new Set(same.map((r) => r.status))).toEqual(new Set([201]));
  expect(new Set(same.map((r) => r.body.id)).size).toBe(1);
  const others = await Promise.all(
    Array.from({ length: 5 }, () => refundAs(h.staff('TREASURER', school), body)),
  );
  expect(others.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
  expect(others[0]!.body.error.message).toBe(
    'Lo que este pago abonó a cargos ya es saldo a favor.',
  );
  expect(await h.count('payin_reversals', 'payin_id = $1', [spei.payin_id])).toBe(1);
  expect(same[0]!.body).toMatchObject({
    kind: 'refund',
    status: 'applied',
    amount_centavos: spei.amount_centavos,
  });
  expect(await creditOf(family.studentIds[0]!)).toBe(creditBefore + spei.amount_centavos);
  await h.realBilling.waitForStatus(order!, 'NOT_PAID');
  await ledgerIsRight();
});
