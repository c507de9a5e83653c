import { amountFor, halfInPesos, planDemoPayments } from './demo-payments.ts';

const students = Array.from({ length: 20 }, (_, n) => ({
  id: `s${n}`,
  // Two siblings per family for the first four families.
  billing_guardian_id: `g${n < 8 ? Math.floor(n / 2) : n}`,
}));

test('one plan per family: cash, transfer, partial, one voided and some left behind', () => {
  const plans = planDemoPayments(students, 'g1');
  expect(plans).toHaveLength(16);
  const kinds = plans.map((p) => p.kind);
  expect(kinds.filter((k) => k === 'voided')).toHaveLength(1);
  for (const kind of ['cash', 'transfer', 'partial', 'behind'] as const)
    expect(kinds).toContain(kind);
  // The demo guardian's family pays part: the portal shows a history and a debt.
  expect(plans[1]).toEqual({ studentId: 's2', kind: 'partial' });
});

test('a family without a billing guardian is its own family', () => {
  const plans = planDemoPayments([{ id: 'solo', billing_guardian_id: null }], 'g1');
  expect(plans).toEqual([{ studentId: 'solo', kind: 'voided' }]);
});

test('amounts: all that is owed up to the desk limit, half in whole pesos, nothing behind', () => {
  expect(amountFor('cash', 1_234_56, 5_000_000)).toBe(1_234_56);
  expect(amountFor('transfer', 9_000_000, 5_000_000)).toBe(5_000_000);
  expect(amountFor('partial', 1_234_56, 5_000_000)).toBe(617_00);
  expect(amountFor('behind', 1_234_56, 5_000_000)).toBe(0);
  expect(halfInPesos(99)).toBe(0);
});
