import { daysInMonth, lastMonth, monthStart, sameDaysMonthsBefore } from './months';

test('month start, last month whole, days in a month (leap February too)', () => {
  expect(monthStart('2026-11-29')).toBe('2026-11-01');
  expect(lastMonth('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  expect(lastMonth('2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  expect(daysInMonth('2026-11-29')).toBe(30);
  expect(daysInMonth('2028-02-10')).toBe(29);
  expect(daysInMonth('2026-12-31')).toBe(31);
});

test('the same days of an earlier month: shortened to that month, across years', () => {
  expect(sameDaysMonthsBefore('2026-11-18', 0)).toEqual({ from: '2026-11-01', to: '2026-11-18' });
  expect(sameDaysMonthsBefore('2026-11-18', 1)).toEqual({ from: '2026-10-01', to: '2026-10-18' });
  expect(sameDaysMonthsBefore('2026-11-18', 12)).toEqual({ from: '2025-11-01', to: '2025-11-18' });
  expect(sameDaysMonthsBefore('2027-03-30', 1)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  expect(sameDaysMonthsBefore('2027-01-31', 1)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  expect(sameDaysMonthsBefore('2028-02-29', 12)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
});
