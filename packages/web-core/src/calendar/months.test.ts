import { daysInMonth, lastMonth, monthStart } from './months';

test('month start, last month whole, days in a month (leap February too)', () => {
  expect(monthStart('2026-11-29')).toBe('2026-11-01');
  expect(lastMonth('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  expect(lastMonth('2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  expect(daysInMonth('2026-11-29')).toBe(30);
  expect(daysInMonth('2028-02-10')).toBe(29);
  expect(daysInMonth('2026-12-31')).toBe(31);
});
