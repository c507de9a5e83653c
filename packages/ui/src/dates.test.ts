import {
  formatDate,
  formatInstant,
  formatPeriod,
  formatTimeOfDay,
  todayInMexicoCity,
} from '@cuota/ui/dates';

// Intl separates the time from "p.m." with a narrow no-break space.
const plain = (text: string) => text.replace(/\s/g, ' ');

test('a calendar date is the same day wherever the browser is', () => {
  expect(formatDate('2026-03-01')).toBe('1 mar 2026');
  expect(formatDate('2026-12-31', 'long')).toBe('31 de diciembre de 2026');
  expect(() => formatDate('2026-3-1')).toThrow(RangeError);
});

test('an instant is shown as Mexico City saw it', () => {
  // 02:30 UTC on 1 March is still the evening of 28 February in Mexico City (UTC-6).
  expect(plain(formatInstant('2026-03-01T02:30:00Z'))).toBe('28 feb 2026, 8:30 p.m.');
  expect(() => formatInstant('ayer')).toThrow(RangeError);
  expect(plain(formatTimeOfDay('2026-03-01T02:30:00Z'))).toBe('8:30 p.m.');
});

test("today is Mexico City's date, not UTC's", () => {
  expect(todayInMexicoCity(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
  expect(todayInMexicoCity(new Date('2026-03-01T06:00:00Z'))).toBe('2026-03-01');
});

test('a billing period reads as its month in Spanish', () => {
  expect(formatPeriod('2026-09')).toBe('septiembre 2026');
  expect(formatPeriod('2027-01')).toBe('enero 2027');
  expect(() => formatPeriod('2026-13')).toThrow(RangeError);
});
