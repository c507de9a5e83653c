import { randomUUID } from 'node:crypto';
import { paymentsCloseRequest } from '@cuota/contracts/billing/month-close-report';
import { payinStatsSchema } from '@cuota/contracts/payments/figures';
import { requestReply } from '@cuota/messaging/request-reply';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
const today = mexicoCityDate(new Date());
const month = { from: `${today.slice(0, 8)}01`, to: today };

/** This month: a card payment, cash, a transfer, and cash the cashier voids. */
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_month_close' });
  school = h.schools[0]!;
  const [ana, luis] = school.families[0]!.studentIds as [string, string];
  const sofia = school.families[1]!.studentIds[0]!;
  const [anaMarch, luisMarch] = await h.bill(school, [ana, luis, sofia], { period: '2026-03' });
  const card = await h.checkout(school, [anaMarch!]);
  await h.waitForStatus(card.body.id, 'success');
  await desk({
    student_id: luis,
    amount_centavos: 350_000,
    method: 'cash',
    order_ids: [luisMarch!.id],
  });
  await desk({ student_id: sofia, amount_centavos: 100_000, method: 'transfer' });
  const voided = await desk({ student_id: sofia, amount_centavos: 50_000, method: 'cash' });
  const undone = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/${voided.id}/void/`,
    { method: 'POST', json: { reason: 'Monto equivocado' } },
  );
  expect(undone.status).toBe(200);
}, 60_000);
afterAll(() => h?.stop());

async function desk(json: object): Promise<{ id: string }> {
  const paid = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    { method: 'POST', json, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(paid.status).toBe(201);
  return paid.body;
}

const close = () =>
  requestReply(h.ns.nc, h.ns, paymentsCloseRequest, { school_id: school.id, ...month });

test("the close's net is what the ledger put in the school's cash, bank and gateway", async () => {
  const { methods } = await close();
  const net = methods.reduce((s, m) => s + m.collected_centavos - m.reversed_centavos, 0);
  const codes = ['cash_desk', 'bank', 'gateway_clearing'].map((a) => `school:${school.id}:${a}`);
  const { rows } = await h.books.$client.query(
    `SELECT coalesce(sum(e.amount_centavos), 0)::bigint AS money
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.code = ANY($1)
        AND (t.occurred_at AT TIME ZONE 'America/Mexico_City')::date BETWEEN $2 AND $3`,
    [codes, month.from, month.to],
  );
  expect(net).toBe(Number(rows[0].money));
  expect(methods.find((m) => m.method === 'cash')).toMatchObject({
    reversals: 1,
    reversed_centavos: 50_000,
  });
});

test("collected by method equals Pagos' totals for the month, voided payins included", async () => {
  const { methods } = await close();
  const stats = payinStatsSchema.parse(
    (
      await h.call(
        h.staff('TREASURER'),
        `/api/v1/payins/stats/?school_id=${school.id}&from=${month.from}&to=${month.to}`,
      )
    ).body,
  );
  // Pagos counts a voided payin as voided; the close counts it paid and then given back.
  const voided = methods.reduce((s, m) => s + m.reversed_centavos, 0);
  expect(methods.reduce((s, m) => s + m.collected_centavos, 0)).toBe(stats.paid_centavos + voided);
  expect(methods.map((m) => m.method).sort()).toEqual(['cash', 'credit_card', 'transfer']);
});

test("by concept and level: the orders' share of what came in, the rest became credit", async () => {
  const { methods, concepts } = await close();
  const { rows } = await h.books.$client.query(
    `SELECT coalesce(sum(credit_created_centavos), 0)::bigint AS credit FROM payins
      WHERE school_id = $1 AND paid_at IS NOT NULL`,
    [school.id],
  );
  const collected = methods.reduce((s, m) => s + m.collected_centavos, 0);
  const toOrders = concepts.reduce((s, c) => s + c.collected_centavos, 0);
  expect(toOrders + Number(rows[0].credit)).toBe(collected);
  // Ana's March order by card, Luis's by cash: one concept, their level.
  expect(concepts).toEqual([
    { concept_name: 'Colegiatura 1', level: 'elementary', collected_centavos: toOrders },
  ]);
});

test('another school asks and sees nothing of this one', async () => {
  const other = await requestReply(h.ns.nc, h.ns, paymentsCloseRequest, {
    school_id: h.schools[1]!.id,
    ...month,
  });
  expect(other).toEqual({ methods: [], concepts: [] });
});
