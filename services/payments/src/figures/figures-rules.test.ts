import { rangeOf } from './figures-rules';

// 2026-03-01 05:30 UTC is still 28 February in Mexico City.
const now = new Date('2026-03-01T05:30:00Z');

test('without dates the range is this month so far, in Mexico City', () => {
  expect(rangeOf({}, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
});

test('an end alone starts on its month’s first; a start alone ends today or on itself', () => {
  expect(rangeOf({ to: '2026-01-20' }, now)).toEqual({ from: '2026-01-01', to: '2026-01-20' });
  expect(rangeOf({ from: '2026-02-10' }, now)).toEqual({ from: '2026-02-10', to: '2026-02-28' });
  expect(rangeOf({ from: '2026-04-10' }, now)).toEqual({ from: '2026-04-10', to: '2026-04-10' });
});

test('a range longer than a year is refused', () => {
  expect(rangeOf({ from: '2025-02-27' }, now)).toBeNull();
  expect(rangeOf({ from: '2025-03-01', to: '2026-02-28' }, now)).toEqual({
    from: '2025-03-01',
    to: '2026-02-28',
  });
});
