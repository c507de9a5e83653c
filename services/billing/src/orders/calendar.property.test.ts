import fc from 'fast-check';
import { addDays, addMonths, daysBetween } from './calendar';

/** The same arithmetic on JavaScript's Date at UTC midnights: the reference. */
const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const date = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2199-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map(iso);

test('addDays and daysBetween agree with Date at UTC midnights', () => {
  fc.assert(
    fc.property(date, fc.integer({ min: -40_000, max: 40_000 }), (from, days) => {
      const expected = new Date(utc(from).getTime() + days * 86_400_000);
      expect(addDays(from, days)).toBe(iso(expected));
      expect(daysBetween(from, addDays(from, days))).toBe(days);
    }),
    { numRuns: 2_000 },
  );
});

test('addMonths keeps the day, or the month’s last day, as Date does', () => {
  fc.assert(
    fc.property(date, fc.integer({ min: -600, max: 600 }), (from, months) => {
      const d = utc(from);
      const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
      const last = new Date(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
      ).getUTCDate();
      target.setUTCDate(Math.min(d.getUTCDate(), last));
      expect(addMonths(from, months)).toBe(iso(target));
    }),
    { numRuns: 2_000 },
  );
});

test('known dates: leap days and month ends', () => {
  expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
  expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
});
