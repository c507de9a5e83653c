import fc from 'fast-check';
import { collectOwed, totalOwed } from './owed-rules';

describe('collectOwed (ADR 0036)', () => {
  test('pays each student in order, the first one whole before the next', () => {
    const owed = [
      { studentId: 'ana', centavos: 350_000 },
      { studentId: 'luis', centavos: 100_000 },
    ];
    expect(collectOwed(owed, 400_000)).toEqual({
      collected: [
        { studentId: 'ana', centavos: 350_000 },
        { studentId: 'luis', centavos: 50_000 },
      ],
      rest: 0,
    });
    expect(collectOwed(owed, 500_000).rest).toBe(50_000);
    expect(collectOwed([{ studentId: 'ana', centavos: 0 }], 1_000)).toEqual({
      collected: [],
      rest: 1_000,
    });
  });

  test('never collects more than owed nor than the amount; nothing is lost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        (balances, amount) => {
          const owed = balances.map((centavos, i) => ({ studentId: `s${i}`, centavos }));
          const { collected, rest } = collectOwed(owed, amount);
          expect(totalOwed(collected) + rest).toBe(amount);
          expect(totalOwed(collected)).toBe(Math.min(amount, totalOwed(owed)));
          for (const c of collected)
            expect(c.centavos).toBeLessThanOrEqual(
              owed.find((o) => o.studentId === c.studentId)!.centavos,
            );
        },
      ),
    );
  });

  test('refuses a negative amount', () => {
    expect(() => collectOwed([], -1)).toThrow(RangeError);
  });
});
