import fc from 'fast-check';
import type { EarlyPayment, LateFee } from '@cuota/contracts/billing/concepts';
import { owedOf } from '../due-orders/owed-as-of';
import { addDays } from './calendar';
import { quoteOrder } from './order-quote';
import type { OrderRow } from './order-repository';
import { applyAllocation, type OrderTerms } from './order-rules';
import { lateFeeArbitrary as lateFee, orderTerms } from './order-terms-fixture';
import { toOrder, toQuote } from './order-view';

const early: EarlyPayment = {
  tiers: [
    { day: 5, basis_points: 1_000 },
    { day: 10, basis_points: 500 },
  ],
};
const monthly3: LateFee = { kind: 'PERCENT', basis_points: 300, grace_days: 5, cap_centavos: null };

describe('one quote (ADR 0035)', () => {
  test('the late fee is on the total, after scholarship and discounts', () => {
    const o = orderTerms({ totalCentavos: 242_500, lateFee: monthly3 });
    expect(quoteOrder(o, '2026-09-16')).toMatchObject({
      lateFeeCentavos: 7_275,
      pendingCentavos: 249_775,
    });
  });

  test('a forgiven late fee is zero, but never below what was paid of it', () => {
    const forgiven = orderTerms({ lateFee: monthly3, interestForgiven: true });
    expect(quoteOrder(forgiven, '2026-12-01').lateFeeCentavos).toBe(0);
    const paidSome = { ...forgiven, paidLateFeeCentavos: 1_000, paidBaseCentavos: 1 };
    expect(quoteOrder(paidSome, '2026-12-01')).toMatchObject({
      lateFeeCentavos: 1_000,
      lateFeeDueCentavos: 0,
    });
  });

  test('early payment: the best tier whose day has not passed, none once late', () => {
    const o = orderTerms({ earlyPayment: early, lateFee: monthly3 });
    expect(quoteOrder(o, '2026-08-20').earlyPaymentDiscountCentavos).toBe(48_500);
    expect(quoteOrder(o, '2026-09-05').earlyPaymentDiscountCentavos).toBe(48_500);
    expect(quoteOrder(o, '2026-09-06').earlyPaymentDiscountCentavos).toBe(24_250);
    expect(quoteOrder(o, '2026-09-11')).toMatchObject({
      earlyPaymentDiscountCentavos: 0,
      pendingCentavos: 485_000,
    });
    expect(quoteOrder(o, '2026-09-16').earlyPaymentDiscountCentavos).toBe(0);
  });

  test('paying what the quote asks on a day closes the order for good', () => {
    const o = orderTerms({ earlyPayment: early, lateFee: monthly3 });
    const q = quoteOrder(o, '2026-09-03');
    const paid = {
      ...o,
      ...applyAllocation(
        o,
        {
          baseCentavos: q.pendingBaseCentavos,
          lateFeeCentavos: q.lateFeeDueCentavos,
          discountCentavos: q.earlyPaymentDiscountCentavos,
        },
        '2026-09-03',
      ),
    };
    expect(quoteOrder(paid, '2027-06-01')).toMatchObject({
      status: 'PAID',
      pendingCentavos: 0,
      paidCentavos: 436_500,
      finalCentavos: 436_500,
    });
  });
});

const date = fc.integer({ min: 0, max: 1_200 }).map((days) => addDays('2026-01-01', days));
const earlyPayment: fc.Arbitrary<EarlyPayment | null> = fc.option(
  fc
    .uniqueArray(fc.integer({ min: 1, max: 28 }), { minLength: 1, maxLength: 4 })
    .chain((days) =>
      fc.tuple(
        ...days.map((day) =>
          fc.integer({ min: 1, max: 10_000 }).map((basis_points) => ({ day, basis_points })),
        ),
      ),
    )
    .map((tiers) => ({ tiers })),
  { nil: null },
);
/** Base, scholarship, discount and surcharge as ADR 0035 materialises them on an order. */
const adjusted = fc
  .record({
    base: fc.integer({ min: 1, max: 10_000_000 }),
    scholarship: fc.integer({ min: 0, max: 10_000 }),
    discount: fc.integer({ min: 0, max: 10_000 }),
    surcharge: fc.integer({ min: 0, max: 1_000_000 }),
  })
  .map(({ base, scholarship, discount, surcharge }) => {
    const s = Math.round((base * scholarship) / 10_000);
    const d = Math.round(((base - s) * discount) / 10_000);
    return { base, s, d, surcharge, total: base - s - d + surcharge };
  });
/** A payment of some share of what the quote asked on its day (late fee first, then base). */
const payment = fc.tuple(date, fc.integer({ min: 1, max: 100 }));

function pay(o: OrderTerms, on: string, share: number): OrderTerms {
  const q = quoteOrder(o, on);
  const money = Math.floor((q.pendingCentavos * share) / 100);
  const lateFee = Math.min(money, q.lateFeeDueCentavos);
  const completes = money === q.pendingCentavos;
  const base = completes ? q.pendingBaseCentavos : money - lateFee;
  const discount = completes ? q.earlyPaymentDiscountCentavos : 0;
  return {
    ...o,
    ...applyAllocation(
      o,
      { baseCentavos: base, lateFeeCentavos: lateFee, discountCentavos: discount },
      on,
    ),
  };
}

const row = (order: OrderRow['order']): OrderRow => ({
  order,
  conceptName: 'Colegiatura',
  conceptType: 'MONTHLY_FEE',
  firstName: 'Ana',
  lastName: 'López',
  enrolmentCode: null,
  level: 'elementary',
  billingGuardianId: null,
  guardianIds: [],
  studentSchoolId: null,
});

const orderRow = fc
  .record({
    adjusted,
    dueOn: date,
    lateFee,
    earlyPayment,
    interestForgiven: fc.boolean(),
    payments: fc.array(payment, { maxLength: 3 }),
  })
  .map(({ adjusted: a, payments, ...terms }) => {
    let o: OrderTerms = orderTerms({ ...terms, totalCentavos: a.total });
    for (const [on, share] of [...payments].sort((x, y) => (x[0] < y[0] ? -1 : 1)))
      o = pay(o, on, share);
    return row({
      ...o,
      id: 'order',
      schoolId: 'school',
      studentId: 'student',
      conceptId: 'concept',
      billRunId: null,
      period: null,
      amountCentavos: a.base,
      scholarshipCentavos: a.s,
      discountCentavos: a.d,
      surchargeCentavos: a.surcharge,
      canceledAt: null,
      scholarshipRule: 'auto',
      createdAt: new Date(0),
    });
  });

describe('property: what a student owes is one number everywhere', () => {
  test('portal, Adeudos, the cashier and the quote agree; nothing goes negative', () => {
    fc.assert(
      fc.property(fc.array(orderRow, { maxLength: 8 }), date, (rows, asOf) => {
        const portal = rows.map((r) => toOrder(r, asOf));
        const quotes = rows.map((r) => toQuote(r, asOf));
        const cashier = quotes.reduce(
          (s, q) =>
            s + q.pending_base_centavos - q.discount_due_centavos! + q.late_fee_due_centavos,
          0,
        );
        const portalTotal = portal.reduce((s, o) => s + o.pending_amount, 0);
        const detailTotal = portal.reduce((s, o) => s + o.final_amount - o.paid_centavos, 0);
        const adeudos = owedOf(rows, asOf);
        expect(adeudos.pending_centavos).toBe(portalTotal);
        expect(cashier).toBe(portalTotal);
        expect(detailTotal).toBe(portalTotal);
        for (const o of portal) {
          for (const v of [o.pending_amount, o.late_fee_centavos, o.paid_centavos, o.final_amount])
            expect(v).toBeGreaterThanOrEqual(0);
          expect(o.total_centavos).toBe(
            o.amount_centavos - o.scholarship_centavos - o.discount_centavos + o.surcharge_centavos,
          );
          expect(o.status === 'PAID').toBe(o.pending_amount === 0);
        }
        for (const q of quotes)
          expect(q.discount_due_centavos!).toBeLessThanOrEqual(q.pending_base_centavos);
      }),
    );
  });
});
