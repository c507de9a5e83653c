import { payinReversalSchema } from '@cuota/contracts/payments/reversals';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { waitFor } from '@cuota/testing/wait-for';
import { balancesOfSchool } from '../ledger/ledger-repository';
import { ledgerIsRight } from '../test-support/ledger-after-reversal';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_void' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 90_000);
afterAll(() => h?.stop());

const kid = () => school.families[1]!.studentIds[0]!;
let keys = 0;
async function paidAtDesk(amount: number, as = h.staff('CASH_COLLECTION'), orderIds?: string[]) {
  const res = await h.call(as, `/api/v1/dashboard/schools/${school.id}/payins/`, {
    method: 'POST',
    json: {
      student_id: kid(),
      amount_centavos: amount,
      method: 'cash',
      confirm_excess: true,
      order_ids: orderIds,
    },
    headers: { 'idempotency-key': `anular-${++keys}-${Date.now()}` },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; allocations: { base_centavos: number }[] };
}
const voidIt = (payinId: string, json: unknown, as: IdentityClaims, schoolId = school.id) =>
  h.call(as, `/api/v1/dashboard/schools/${schoolId}/payins/${payinId}/void/`, {
    method: 'POST',
    json,
  });
const reason = { reason: 'Se capturó el monto equivocado' };
const written = () =>
  Promise.all([h.count('payin_reversals'), h.count('ledger_transactions'), h.count('allocations')]);

test('twenty voids at once undo a desk payment once: reversal postings, one event', async () => {
  const [order] = await h.bill(school, [kid()], { period: '2026-03' });
  const payin = await paidAtDesk(400_000);
  await h.realBilling.waitForPaid(order!);
  const before = await balancesOfSchool(h.service.db, school.id);
  expect(before[`credit:${kid()}`]).toBe(-50_000);

  const answers = await Promise.all(
    Array.from({ length: 20 }, () => voidIt(payin.id, reason, h.staff('CASH_COLLECTION'))),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  const reversal = payinReversalSchema.parse(answers[0]!.body);
  expect(new Set(answers.map((a) => a.body.id))).toEqual(new Set([reversal.id]));
  expect(reversal).toMatchObject({
    kind: 'void',
    status: 'applied',
    amount_centavos: 400_000,
    credit_reversed_centavos: 50_000,
    reason: 'Se capturó el monto equivocado',
    requested_by_name: 'Personal cash_collection',
  });
  expect(await h.count('payin_reversals', 'payin_id = $1', [payin.id])).toBe(1);
  expect(await h.count('payins', "id = $1 AND status = 'canceled'", [payin.id])).toBe(1);
  expect(
    await h.count(
      'outbox_events',
      "type = 'payments.payin.reversed' AND payload->'data'->>'payin_id' = $1",
      [payin.id],
    ),
  ).toBe(1);
  const { rows } = await h.books.$client.query(
    'SELECT sum(base_centavos)::int AS base FROM allocations WHERE order_id = $1',
    [order!.id],
  );
  expect(rows[0].base).toBe(0);
  const after = await balancesOfSchool(h.service.db, school.id);
  expect(after.cash_desk! - before.cash_desk!).toBe(-400_000);
  expect(after.receivable! - before.receivable!).toBe(350_000);
  expect(after[`credit:${kid()}`]).toBe(0);
  await ledgerIsRight(h, school, [{ order: order!, base: 350_000 }]);
});

test('a reason is required: Spanish 400, nothing written', async () => {
  const payin = await paidAtDesk(1_000);
  const before = await written();
  for (const [json, message] of [
    [{}, 'Escribe el motivo de la anulación.'],
    [{ reason: ' no ' }, 'Escribe el motivo de la anulación (al menos 5 caracteres).'],
  ] as const) {
    const res = await voidIt(payin.id, json, h.staff('CASH_COLLECTION'));
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  expect(await written()).toEqual(before);
});

test('another cashier may not void it; the treasurer may', async () => {
  const payin = await paidAtDesk(2_000);
  const colleague = { ...h.staff('CASH_COLLECTION'), user_id: 'staff-otra-cajera' };
  const before = await written();
  const refused = await voidIt(payin.id, reason, colleague);
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toBe(
    'Solo puedes anular tus propios cobros del día; pide a tesorería o dirección que lo anule.',
  );
  expect(await written()).toEqual(before);
  const treasurer = await voidIt(payin.id, reason, h.staff('TREASURER'));
  expect(treasurer.status).toBe(200);
  expect(treasurer.body.requested_by).toBe('staff-treasurer');
});

test('credit the payment left and already spent blocks the void', async () => {
  const [april] = await h.bill(school, [kid()], { period: '2026-04', dueOn: '2026-04-10' });
  // March, voided above, is open again: this payment names April.
  const payin = await paidAtDesk(400_000, undefined, [april!.id]); // 350,000 to April, 50,000 credit
  expect(payin.allocations.map((a) => a.base_centavos)).toEqual([350_000]);
  await h.realBilling.waitForPaid(april!);
  await h.bill(school, [kid()], { period: '2026-05', dueOn: '2026-05-10' });
  // The family's credit pays its open orders, oldest due first (March, reopened by the first
  // void), when a billing event reaches payments: April's may already have spent it.
  await waitFor(
    async () => (await balancesOfSchool(h.service.db, school.id))[`credit:${kid()}`] === 0,
  );
  const before = await written();
  const res = await voidIt(payin.id, reason, h.staff('OWNER'));
  expect(res.status).toBe(409);
  expect(res.body.error.message).toMatch(/^El saldo a favor que dejó este pago ya se aplicó/);
  expect(await written()).toEqual(before);
});

test('roles without payments.collect 403; another school’s payin 404; a card payin 409', async () => {
  const payin = await paidAtDesk(3_000);
  for (const role of ['ACCOUNTANT', 'ADMISSIONS', 'OTHER'] as const)
    expect((await voidIt(payin.id, reason, h.staff(role))).status).toBe(403);
  expect((await voidIt(payin.id, reason, h.guardian(school, 1))).status).toBe(403);
  expect((await voidIt(payin.id, reason, h.staff('OWNER', other), other.id)).status).toBe(404);
  expect((await voidIt(payin.id, reason, h.staff('OWNER', other))).status).toBe(404);

  const family = school.families[0]!.studentIds[0]!;
  const [june] = await h.bill(school, [family], { period: '2026-06', dueOn: '2026-06-10' });
  const card = await h.checkout(school, [june!]);
  await h.waitForStatus(card.body.id, 'success');
  const refused = await voidIt(card.body.id, reason, h.staff('OWNER'));
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(
    'Un pago con tarjeta no se anula en caja: se reembolsa a la tarjeta desde Pagos.',
  );
});
