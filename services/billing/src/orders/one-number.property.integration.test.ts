import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Allocation } from '@cuota/contracts/payments/payins';
import { quoteOrdersRequest, type QuotedOrder } from '@cuota/contracts/billing/requests';
import { requestReply } from '@cuota/messaging/request-reply';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { applyPayment } from '../payments/apply-payment';
import {
  GUARDIAN,
  family,
  staff,
  startBillingHarness,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';

jest.setTimeout(300_000);

/**
 * "One number everywhere" (issue 17, ADR 0035): whatever the orders, scholarships, discounts,
 * surcharges, late fees and payments, what a family owes reads the same in the portal's home
 * (its fulfillments), Pagos' list (its orders), Adeudos' row (the staff's due orders) and the
 * checkout's quote (the NATS request payments charges from), and nothing reads negative.
 * Every scenario is its own school, written through billing's real endpoints and its real
 * payment code against PostgreSQL; 15 random scenarios a run (CUOTA_PROPERTY_RUNS for more;
 * fast-check prints the seed of a failing one to replay it).
 */
const TODAY = '2026-10-15';
let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date(`${TODAY}T18:00:00Z`) });
});
afterAll(() => h?.dispose());

const silent = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Logger;

const lateFee = fc.oneof(
  fc.constant(null),
  fc.record({
    kind: fc.constant('FIXED'),
    amount_centavos: fc.integer({ min: 1, max: 60_000 }),
    grace_days: fc.integer({ min: 0, max: 10 }),
  }),
  fc.record({
    kind: fc.constant('PERCENT'),
    basis_points: fc.integer({ min: 1, max: 2_500 }),
    grace_days: fc.integer({ min: 0, max: 10 }),
    cap_centavos: fc.option(fc.integer({ min: 1, max: 120_000 }), { nil: null }),
  }),
);
const earlyPayment = fc.option(
  fc.record({
    tiers: fc.uniqueArray(
      fc.record({
        day: fc.integer({ min: 1, max: 28 }),
        basis_points: fc.integer({ min: 1, max: 3_000 }),
      }),
      { minLength: 1, maxLength: 3, selector: (t) => t.day },
    ),
  }),
  { nil: null },
);
const concept = fc.record({
  price_centavos: fc.integer({ min: 100, max: 2_000_000 }),
  late_fee: lateFee,
  early_payment: earlyPayment,
  periods: fc.subarray(['2026-08', '2026-09', '2026-10', '2026-11'], { minLength: 1 }),
  due_day: fc.integer({ min: 1, max: 28 }),
});
const scholarship = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('PERCENT'), basis_points: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({
      kind: fc.constant('AMOUNT'),
      amount_centavos: fc.integer({ min: 1, max: 2_500_000 }),
    }),
  ),
  { nil: null },
);
/** What happens to each order, by its position: fractions become amounts of the order's own. */
const orderFate = fc.record({
  discount: fc.option(
    fc.record({
      kind: fc.constantFrom('PERCENT', 'AMOUNT', 'FIXED'),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
    { nil: null },
  ),
  surcharge: fc.option(
    fc.record({
      kind: fc.constantFrom('PERCENT', 'AMOUNT'),
      share: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    }),
    { nil: null },
  ),
  payments: fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { maxLength: 2 }),
});
const scenario = fc.record({
  students: fc.integer({ min: 1, max: 2 }),
  concepts: fc.array(concept, { minLength: 1, maxLength: 3 }),
  scholarship,
  fates: fc.array(orderFate, { minLength: 12, maxLength: 12 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

const owner = (school: string) => staff('OWNER', school);
const reason = 'Prueba de un solo número';
const ok = async (res: Promise<{ status: number; body: Json }>) => {
  const r = await res;
  if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

/** The scenario written as staff would write it, in a school of its own. */
async function writeScenario(sc: Scenario) {
  const school = randomUUID();
  const students = Array.from({ length: sc.students }, () => randomUUID());
  await h.enrol(...students.map((student_id) => ({ student_id, school_id: school })));
  for (const [i, c] of sc.concepts.entries()) {
    const created = await ok(
      h.call(owner(school), '/api/v1/dashboard/concepts/', {
        json: {
          school_id: school,
          name: `Concepto ${i + 1}`,
          concept_type: 'MONTHLY_FEE',
          recurrence: 'MONTHLY',
          level: 'elementary',
          ...c,
        },
      }),
    );
    for (const period of c.periods)
      await ok(
        h.call(owner(school), '/book-keeper/massive_concept_assignments/', {
          json: { school_id: school, concept_id: created.id, period },
        }),
      );
  }
  const orders = await ordersOf(school);
  for (const [i, o] of orders.slice(0, sc.fates.length).entries()) {
    const { discount, surcharge } = sc.fates[i]!;
    const total = (await orderOf(school, o.id)).total_centavos as number;
    if (discount && total > 1) {
      // A fixed price must stay below the order's cost (billing refuses it otherwise).
      const most = discount.kind === 'FIXED' ? total - 1 : total;
      const value = Math.min(most, Math.max(1, Math.floor(total * discount.share)));
      await ok(
        h.call(owner(school), `/api/v1/dashboard/schools/${school}/special_discounts/`, {
          json:
            discount.kind === 'PERCENT'
              ? {
                  order_id: o.id,
                  kind: 'PERCENT',
                  basis_points: Math.max(1, Math.round(discount.share * 10_000)),
                  reason,
                }
              : { order_id: o.id, kind: discount.kind, amount_centavos: value, reason },
        }),
      );
    }
    if (surcharge)
      await ok(
        h.call(owner(school), `/api/v1/dashboard/schools/${school}/special_over_charges/`, {
          json:
            surcharge.kind === 'PERCENT'
              ? {
                  order_id: o.id,
                  kind: 'PERCENT',
                  basis_points: Math.max(1, Math.round(surcharge.share * 10_000)),
                  reason,
                }
              : {
                  order_id: o.id,
                  kind: 'AMOUNT',
                  amount_centavos: Math.max(1, Math.floor(o.amount_centavos * surcharge.share)),
                  reason,
                },
        }),
      );
  }
  if (sc.scholarship)
    for (const student_id of students)
      await ok(
        h.call(owner(school), `/api/v1/dashboard/schools/${school}/scholarships/`, {
          json: { ...sc.scholarship, student_id, starts_on: '2026-01-01', reason },
        }),
      );
  for (const [i, o] of (await ordersOf(school)).slice(0, sc.fates.length).entries())
    for (const [n, share] of sc.fates[i]!.payments.entries())
      await pay(school, o, share, `${o.id}-${n}`);
  return { school, students };
}

const ordersOf = async (school: string): Promise<Json[]> =>
  ok(h.call(family(GUARDIAN, school), `/api/v1/schools/${school}/orders/`));
const orderOf = (school: string, id: string) =>
  ok(h.call(owner(school), `/book-keeper/orders/${id}/`));
const quote = async (school: string, ids: string[]): Promise<QuotedOrder[]> =>
  ids.length === 0
    ? []
    : (
        await requestReply(h.ns.nc, h.ns, quoteOrdersRequest, {
          school_id: school,
          order_ids: ids,
          guardian_id: GUARDIAN,
        })
      ).orders;
/** What a quote says is due on an order today: base left, less its early discount, plus late fee. */
const dueOf = (q: QuotedOrder) =>
  q.pending_base_centavos - (q.discount_due_centavos ?? 0) + q.late_fee_due_centavos;

/**
 * A payment as payments makes one from the quote: a share of what is due, the late fee first,
 * then the base; paying it all takes the early-payment discount (the allocation's discount).
 */
async function pay(school: string, order: Json, share: number, sourceId: string) {
  const [q] = await quote(school, [order.id]);
  if (!q) return;
  const due = dueOf(q);
  const amount = Math.max(1, Math.ceil(due * share));
  const full = amount >= due;
  const lateFee = Math.min(amount, q.late_fee_due_centavos);
  const allocation: Allocation = {
    order_id: order.id,
    student_id: order.student.id,
    concept_id: order.concept_id,
    concept_name: order.concept_name,
    concept_type: order.concept_type,
    period: order.period,
    late_fee_centavos: full ? q.late_fee_due_centavos : lateFee,
    base_centavos: full
      ? q.pending_base_centavos - (q.discount_due_centavos ?? 0)
      : Math.min(amount - lateFee, q.pending_base_centavos - 1),
    discount_centavos: full ? (q.discount_due_centavos ?? 0) : 0,
  };
  await h.service.db.transaction((tx) =>
    applyPayment(
      tx,
      {
        sourceId,
        schoolId: school,
        appliedAt: new Date(`${TODAY}T17:00:00Z`),
        allocations: [allocation],
      },
      silent,
    ),
  );
}

/** The portal's `amountDue` (mfe-portal owed-orders): pending, or the final amount. */
const portalDue = (o: Json) => (o.pending_amount as number) || (o.final_amount as number);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

test('the portal, Pagos, Adeudos and the quote owe one number, never negative', async () => {
  // What the scenarios reached, so a generator that stopped reaching a step fails loudly.
  const seen = { paid: 0, lateFee: 0, scholarship: 0, discount: 0, surcharge: 0 };
  await fc.assert(
    fc.asyncProperty(scenario, async (sc) => {
      const { school, students } = await writeScenario(sc);
      const home = await ok(
        h.call(family(GUARDIAN, school), `/api/v1/schools/${school}/fulfillments/`),
      );
      const pagos = await ordersOf(school);
      const adeudos = await ok(
        h.call(
          owner(school),
          `/api/v4/dashboard/schools/${school}/due_orders/students/?page_size=200`,
        ),
      );
      for (const o of pagos) {
        seen.paid += Number(o.paid_centavos > 0);
        seen.lateFee += Number(o.late_fee_centavos > 0);
        seen.scholarship += Number(o.scholarship_centavos > 0);
        seen.discount += Number(o.discount_centavos > 0);
        seen.surcharge += Number(o.surcharge_centavos > 0);
      }
      const quoted = await quote(
        school,
        pagos.map((o) => o.id),
      );
      for (const o of pagos)
        for (const field of [
          'total_centavos',
          'late_fee_centavos',
          'paid_centavos',
          'pending_amount',
          'final_amount',
        ])
          expect([o.id, field, o[field] >= 0]).toEqual([o.id, field, true]);
      for (const q of quoted) {
        expect(q.pending_base_centavos).toBeGreaterThanOrEqual(0);
        expect(dueOf(q)).toBeGreaterThanOrEqual(0);
      }
      for (const student of students) {
        const ofStudent = (o: { student_id: string }) => o.student_id === student;
        const ofFamily = (o: Json) => o.student.id === student;
        const numbers = {
          home: sum(home.filter(ofFamily).map(portalDue)),
          pagos: sum(pagos.filter(ofFamily).map((o) => o.pending_amount as number)),
          adeudos: (adeudos.results as Json[]).find(ofStudent)?.pending_centavos ?? 0,
          quote: sum(quoted.filter(ofStudent).map(dueOf)),
        };
        expect(numbers).toEqual({
          home: numbers.quote,
          pagos: numbers.quote,
          adeudos: numbers.quote,
          quote: numbers.quote,
        });
      }
    }),
    { numRuns: Number(process.env.CUOTA_PROPERTY_RUNS ?? 15) },
  );
  for (const [step, orders] of Object.entries(seen))
    expect([step, orders > 0]).toEqual([step, true]);
});
