import { scheduledPayoutSchema } from '@cuota/contracts/payments/payouts';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { PAYOUTS, payoutKit } from '../test-support/payout-kit';
import { startPaymentsHarness } from '../test-support/start-harness';
import { NOT_CANCELABLE } from './cancel-payout';
import { feeOfSale } from './payout-fees';

jest.setTimeout(120_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
let kit: ReturnType<typeof payoutKit>;
let declinedAccountId: string;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_payout_cancel' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  kit = payoutKit(h, school);
  await kit.addAccount('012180000000000015');
  // The sandbox's bank declines payouts to this CLABE (infra/sandboxes/gateway/README.md).
  declinedAccountId = (await kit.addAccount('002180000000000009')).id;
}, 120_000);
afterAll(() => h?.stop());

const REASON = 'La escuela pidió juntarla con la siguiente';
const cancel = (id: string, claims: IdentityClaims = kit.treasurer(), json: object = {}) =>
  h.call(claims, `${PAYOUTS}${id}/cancel/`, { method: 'POST', json: { reason: REASON, ...json } });
const payoutPayins = (id: string) => h.count('payout_payins', 'payout_id = $1', [id]);

test('twenty cancels of a scheduled payout cancel it once; its payments go into the next payout', async () => {
  const early = await kit.cardDay(3, [200_000]);
  const late = await kit.cardDay(2, [100_000]);
  const first = await kit.schedule(early.day);
  expect(first.status).toBe(201);
  const id = first.body.id as string;

  const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(id)));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  const canceled = scheduledPayoutSchema.parse(answers[0]!.body);
  expect(canceled).toMatchObject({ status: 'CANCELED', status_reason: REASON });
  expect(answers.every((a) => a.body.updated_at === canceled.updated_at)).toBe(true);
  expect(await payoutPayins(id)).toBe(0);
  // Never posted (a payout posts when the gateway approves it): nothing to reverse.
  expect(await h.count('ledger_transactions', 'idempotency_key = $1', [`payout:${id}`])).toBe(0);
  // The canceled day asked again answers the canceled payout; executing it sends nothing.
  expect((await kit.schedule(early.day)).body).toMatchObject({ id, status: 'CANCELED' });
  expect((await kit.execute(id)).body.status).toBe('CANCELED');
  expect(await kit.gatewayPayouts(id)).toHaveLength(0);

  const next = await kit.schedule(late.day);
  expect(next.status).toBe(201);
  const fee = feeOfSale(200_000) + feeOfSale(100_000);
  expect(next.body).toMatchObject({
    status: 'SCHEDULED',
    payins: 2,
    collected_centavos: 300_000,
    fee_centavos: fee,
    net_centavos: 300_000 - fee,
  });
  const report = await h.call(h.staff('ACCOUNTANT'), `${PAYOUTS}${next.body.id}/`);
  expect(report.body.payments.map((p: { payin_id: string }) => p.payin_id).sort()).toEqual(
    [...early.ids, ...late.ids].sort(),
  );
  await kit.paidOut(next.body.id);
  expect((await h.ledgerCheck()).ok).toBe(true);
  // A payout that left cannot be canceled.
  const sent = await cancel(next.body.id);
  expect(sent.status).toBe(409);
  expect(sent.body.error.message).toBe(NOT_CANCELABLE);
});

test('a declined payout can be canceled too', async () => {
  const { day } = await kit.cardDay(4, [150_000]);
  const payout = await kit.schedule(day, kit.treasurer(), { bank_account_id: declinedAccountId });
  const id = payout.body.id as string;
  await kit.paidOut(id, 'DECLINED');
  const res = await cancel(id, h.staff('GENERAL_DIRECTOR'));
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'CANCELED', status_reason: REASON });
  expect(await payoutPayins(id)).toBe(0);
});

test('only who may send money cancels, in their school, with a reason', async () => {
  const { day } = await kit.cardDay(5, [90_000]);
  const id = (await kit.schedule(day)).body.id as string;
  expect((await cancel(id, h.staff('ACCOUNTANT'))).status).toBe(403);
  expect((await cancel(id, h.staff('CASH_COLLECTION'))).status).toBe(403);
  expect((await cancel(id, h.guardian(school))).status).toBe(403);
  expect((await cancel(id, h.staff('OWNER', other))).status).toBe(404);
  const bad = await cancel(id, kit.treasurer(), { reason: ' no ' });
  expect(bad.status).toBe(400);
  expect(bad.body.error.details).toEqual([
    { path: 'reason', message: 'Escribe el motivo de la cancelación (al menos 5 caracteres).' },
  ]);
  expect((await kit.statusOf(id)).status).toBe('SCHEDULED');
  expect(await payoutPayins(id)).toBe(1);
});
