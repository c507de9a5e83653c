import fc from 'fast-check';
import { totalOf, type DueOrder } from '../allocation/allocation-rules';
import { NOT_OPEN, overLimit, planDeskPayment } from './desk-rules';

const order = (id: string, studentId: string, dueOn: string, baseDue: number, lateFeeDue = 0) =>
  ({
    orderId: id,
    studentId,
    conceptId: 'colegiatura',
    conceptName: 'Colegiatura',
    conceptType: 'MONTHLY_FEE',
    period: dueOn.slice(0, 7),
    dueOn,
    baseDue,
    lateFeeDue,
  }) satisfies DueOrder;

// Ana is at the desk; Luis is her brother.
const anaMarch = order('ana-marzo', 'ana', '2026-03-10', 350_000, 17_500);
const luisFebruary = order('luis-febrero', 'luis', '2026-02-10', 200_000);
const luisMarch = order('luis-marzo', 'luis', '2026-03-10', 350_000);
const family = [anaMarch, luisMarch, luisFebruary];
const paid = (plan: ReturnType<typeof planDeskPayment>) =>
  plan === NOT_OPEN ? NOT_OPEN : plan.allocations.map((a) => a.orderId);

describe('planDeskPayment (ADR 0036)', () => {
  test('without a choice it pays the family oldest due first, the desk student first on a tie', () => {
    const plan = planDeskPayment(family, { studentId: 'ana', amountCentavos: 600_000 });
    expect(paid(plan)).toEqual(['luis-febrero', 'ana-marzo', 'luis-marzo']);
    expect(plan).toMatchObject({ owed: 917_500, excess: 0 });
    // The same tie, seen from Luis: his March before Ana's.
    const fromLuis = planDeskPayment(family, { studentId: 'luis', amountCentavos: 600_000 });
    expect(paid(fromLuis)).toEqual(['luis-febrero', 'luis-marzo', 'ana-marzo']);
  });

  test('the chosen orders only, oldest first among them; the rest is excess', () => {
    const plan = planDeskPayment(family, {
      studentId: 'ana',
      amountCentavos: 999_999_00,
      orderIds: ['luis-marzo', 'ana-marzo'],
    });
    expect(paid(plan)).toEqual(['ana-marzo', 'luis-marzo']);
    expect(plan).toMatchObject({ owed: 717_500, excess: 999_999_00 - 717_500 });
  });

  test('an order that is not open for the family refuses the plan', () => {
    const plan = planDeskPayment(family, {
      studentId: 'ana',
      amountCentavos: 1_000,
      orderIds: ['ana-marzo', 'de-otra-familia'],
    });
    expect(plan).toBe(NOT_OPEN);
    const settled = planDeskPayment([{ ...anaMarch, baseDue: 0, lateFeeDue: 0 }], {
      studentId: 'ana',
      amountCentavos: 1_000,
      orderIds: ['ana-marzo'],
    });
    expect(settled).toBe(NOT_OPEN);
  });

  test('$999,999 for a $5,300 debt is over a $50,000 limit; $50,000 is not', () => {
    expect(overLimit(99_999_900, 5_000_000)).toBe(true);
    expect(overLimit(5_000_000, 5_000_000)).toBe(false);
  });

  test('whatever the amount, applied plus excess is the amount and no order gets more than it owes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), (amount) => {
        const plan = planDeskPayment(family, { studentId: 'ana', amountCentavos: amount });
        if (plan === NOT_OPEN) return false;
        for (const a of plan.allocations) {
          const due = family.find((o) => o.orderId === a.orderId)!;
          expect(a.baseCentavos).toBeLessThanOrEqual(due.baseDue);
          expect(a.lateFeeCentavos).toBeLessThanOrEqual(due.lateFeeDue);
        }
        return totalOf(plan.allocations) + plan.excess === amount;
      }),
    );
  });

  test('what a refund left owed is paid first, the desk student first, then the orders', () => {
    const owed = [
      { studentId: 'ana', centavos: 100_000 },
      { studentId: 'luis', centavos: 50_000 },
    ];
    const plan = planDeskPayment(family, { studentId: 'ana', amountCentavos: 350_000, owed });
    expect(plan).toMatchObject({
      owed: 917_500 + 150_000,
      owedCollected: owed,
      excess: 0,
    });
    expect(paid(plan)).toEqual(['luis-febrero']);
    const small = planDeskPayment(family, { studentId: 'ana', amountCentavos: 80_000, owed });
    expect(small).toMatchObject({ owedCollected: [{ studentId: 'ana', centavos: 80_000 }] });
    expect(paid(small)).toEqual([]);
  });
});
