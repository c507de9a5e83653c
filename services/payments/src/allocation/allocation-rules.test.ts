import fc from 'fast-check';
import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import {
  allocateOldestFirst,
  capToDue,
  dueNow,
  NOTHING_APPLIED,
  totalOf,
  type DueOrder,
} from './allocation-rules';

const order = (id: string, dueOn: string, baseDue: number, lateFeeDue = 0): DueOrder => ({
  orderId: id,
  studentId: 'alumno-1',
  conceptId: 'colegiatura',
  conceptName: 'Colegiatura',
  conceptType: 'MONTHLY_FEE',
  period: dueOn.slice(0, 7),
  dueOn,
  baseDue,
  lateFeeDue,
});

const quoted = (over: Partial<QuotedOrder> = {}): QuotedOrder => ({
  order_id: 'o-1',
  student_id: 'alumno-1',
  concept_id: 'colegiatura',
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  period: '2026-03',
  due_on: '2026-03-10',
  pending_base_centavos: 350_000,
  late_fee_due_centavos: 0,
  status: 'NOT_PAID',
  ...over,
});

describe('allocateOldestFirst (desk payments, credit balances)', () => {
  const march = order('marzo', '2026-03-10', 350_000, 17_500);
  const april = order('abril', '2026-04-10', 350_000);

  it('pays the oldest order first, its late fee before its base amount', () => {
    const { allocations, remainder } = allocateOldestFirst([april, march], 400_000);
    expect(allocations.map((a) => [a.orderId, a.lateFeeCentavos, a.baseCentavos])).toEqual([
      ['marzo', 17_500, 350_000],
      ['abril', 0, 32_500],
    ]);
    expect(remainder).toBe(0);
  });

  it('a partial payment covers the late fee and part of the base', () => {
    const { allocations } = allocateOldestFirst([march], 100_000);
    expect(allocations).toMatchObject([{ lateFeeCentavos: 17_500, baseCentavos: 82_500 }]);
  });

  it('keeps what no order needs as the remainder (credit balance)', () => {
    const { allocations, remainder } = allocateOldestFirst([march, april], 800_000);
    expect(totalOf(allocations)).toBe(717_500);
    expect(remainder).toBe(82_500);
    expect(allocateOldestFirst([], 5_000)).toEqual({ allocations: [], remainder: 5_000 });
  });

  it('refuses a fractional or negative amount', () => {
    expect(() => allocateOldestFirst([march], 10.5)).toThrow(RangeError);
    expect(() => allocateOldestFirst([march], -1)).toThrow(RangeError);
  });

  const dueOrders = fc.array(
    fc.record({
      id: fc.uuid(),
      day: fc.integer({ min: 1, max: 28 }),
      baseDue: fc.integer({ min: 0, max: 5_000_000 }),
      lateFeeDue: fc.integer({ min: 0, max: 500_000 }),
    }),
    { maxLength: 12 },
  );

  it('never allocates more than an order owes, nor a negative amount, and loses nothing', () => {
    fc.assert(
      fc.property(dueOrders, fc.integer({ min: 0, max: 100_000_000 }), (raw, amount) => {
        const orders = raw.map((o) =>
          order(o.id, `2026-03-${String(o.day).padStart(2, '0')}`, o.baseDue, o.lateFeeDue),
        );
        const { allocations, remainder } = allocateOldestFirst(orders, amount);
        for (const a of allocations) {
          const owed = orders.find((o) => o.orderId === a.orderId)!;
          expect(a.baseCentavos).toBeGreaterThanOrEqual(0);
          expect(a.lateFeeCentavos).toBeGreaterThanOrEqual(0);
          expect(a.baseCentavos).toBeLessThanOrEqual(owed.baseDue);
          expect(a.lateFeeCentavos).toBeLessThanOrEqual(owed.lateFeeDue);
          // The base is touched only once the late fee is paid.
          if (a.baseCentavos > 0) expect(a.lateFeeCentavos).toBe(owed.lateFeeDue);
        }
        expect(remainder).toBeGreaterThanOrEqual(0);
        expect(totalOf(allocations) + remainder).toBe(amount);
        // A remainder means every order was paid in full.
        const owedTotal = orders.reduce((s, o) => s + o.baseDue + o.lateFeeDue, 0);
        if (remainder > 0) expect(totalOf(allocations)).toBe(owedTotal);
      }),
    );
  });
});

describe('dueNow (billing’s quote minus payments’ own allocations in flight)', () => {
  it('takes billing’s pending amounts when nothing else was applied', () => {
    expect(dueNow(quoted(), NOTHING_APPLIED, NOTHING_APPLIED)).toMatchObject({
      baseDue: 350_000,
      lateFeeDue: 0,
    });
  });

  it('subtracts what payments applied after the quote', () => {
    const due = dueNow(
      quoted({ late_fee_due_centavos: 10_000 }),
      { base: 100_000, lateFee: 10_000 },
      { base: 100_000, lateFee: 10_000 },
    );
    expect(due).toMatchObject({ baseDue: 250_000, lateFeeDue: 0 });
  });

  it('with the order’s whole amounts, subtracts what billing has not applied yet', () => {
    // Billing still says 3,500 pending, but payments already applied 2,000 an instant ago.
    const due = dueNow(
      quoted({ amount_centavos: 350_000, late_fee_centavos: 0 }),
      { base: 200_000, lateFee: 0 },
      NOTHING_APPLIED,
    );
    expect(due.baseDue).toBe(150_000);
  });

  it('is never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (pending, amount, all, since) => {
          const due = dueNow(
            quoted({ pending_base_centavos: pending, amount_centavos: amount }),
            { base: all, lateFee: 0 },
            { base: since, lateFee: 0 },
          );
          expect(due.baseDue).toBeGreaterThanOrEqual(0);
          expect(due.baseDue).toBeLessThanOrEqual(pending);
        },
      ),
    );
  });
});

describe('capToDue (a card payment settling after the desk paid part of it)', () => {
  it('cuts each item to what is due now and credits the student with the cut', () => {
    const planned = [
      { ...order('marzo', '2026-03-10', 0), baseCentavos: 350_000, lateFeeCentavos: 0 },
      { ...order('abril', '2026-04-10', 0), baseCentavos: 350_000, lateFeeCentavos: 0 },
    ].map(({ dueOn: _d, baseDue: _b, lateFeeDue: _l, ...a }) => a);
    const due = new Map([
      ['marzo', order('marzo', '2026-03-10', 100_000)],
      ['abril', order('abril', '2026-04-10', 350_000)],
    ]);
    const { allocations, excessByStudent } = capToDue(planned, due);
    expect(allocations.map((a) => [a.orderId, a.baseCentavos])).toEqual([
      ['marzo', 100_000],
      ['abril', 350_000],
    ]);
    expect(excessByStudent).toEqual(new Map([['alumno-1', 250_000]]));
  });
});
