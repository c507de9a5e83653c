import { cycleSoFar, daysInMonth, lastMonth, monthStart } from './home-dates';

test('month start, last month whole, days in a month (leap February too)', () => {
  expect(monthStart('2026-11-29')).toBe('2026-11-01');
  expect(lastMonth('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  expect(lastMonth('2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  expect(daysInMonth('2026-11-29')).toBe(30);
  expect(daysInMonth('2028-02-10')).toBe(29);
  expect(daysInMonth('2026-12-31')).toBe(31);
});

test("the cycle so far starts at the cycle's start, never more than a year back", () => {
  expect(cycleSoFar('2026-11-29', '2026-08-17')).toEqual({ from: '2026-08-17', to: '2026-11-29' });
  expect(cycleSoFar('2026-11-29', '2024-08-01')).toEqual({ from: '2025-11-29', to: '2026-11-29' });
  expect(cycleSoFar('2026-11-29', undefined).from).toBe('2025-11-29');
  // A cycle that starts later (a draft) counts nothing before today.
  expect(cycleSoFar('2026-11-29', '2027-08-01')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
});
