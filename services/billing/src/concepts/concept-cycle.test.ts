import { cycleOf, requireDueInCycle, requireStartInCycle } from './concept-cycle';

test("a concept's year: twelve months from its first month, whatever order they come in", () => {
  expect(cycleOf({ periods: ['2026-10', '2026-09', '2027-06'], dueOn: null })).toEqual({
    from: '2026-09-01',
    to: '2027-08-31',
  });
  expect(cycleOf({ periods: [], dueOn: '2026-06-15' })).toEqual({
    from: '2026-06-01',
    to: '2027-05-31',
  });
  expect(cycleOf({ periods: [], dueOn: null })).toBeNull();
});

test('a due date is checked on both ends; a scholarship only on its last', () => {
  const concept = { periods: ['2026-09'], dueOn: null };
  expect(() => requireDueInCycle(concept, '2026-09-01')).not.toThrow();
  expect(() => requireDueInCycle(concept, '2027-08-31')).not.toThrow();
  expect(() => requireDueInCycle(concept, '2026-08-31')).toThrow(/fuera del ciclo/);
  expect(() => requireDueInCycle(concept, '2027-09-01')).toThrow(/fuera del ciclo/);
  expect(() => requireStartInCycle(concept, '2000-01-01')).not.toThrow();
  expect(() => requireStartInCycle(concept, '2027-09-01')).toThrow(/después del ciclo/);
  expect(() => requireDueInCycle({ periods: [], dueOn: null }, '2099-01-01')).not.toThrow();
});
