import { mexicoCityDate } from './mexico-city-date';

describe('mexicoCityDate: the date in Mexico City, whatever the machine', () => {
  test.each([
    // UTC-6 all year since 2022 (no daylight saving).
    ['2032-07-10T05:59:59Z', '2032-07-09'],
    ['2032-07-10T06:00:00Z', '2032-07-10'],
    ['2026-12-31T23:30:00Z', '2026-12-31'],
    ['2027-01-01T05:00:00Z', '2026-12-31'],
    ['2026-09-16T03:00:00Z', '2026-09-15'],
  ])('%s is %s', (instant, day) => {
    expect(mexicoCityDate(new Date(instant))).toBe(day);
  });

  test('the last instant of a day and the first of the next, asked one after the other', () => {
    expect(mexicoCityDate(new Date('2032-07-10T05:59:59.999Z'))).toBe('2032-07-09');
    expect(mexicoCityDate(new Date('2032-07-10T06:00:00.000Z'))).toBe('2032-07-10');
    expect(mexicoCityDate(new Date('2032-07-10T05:59:00.000Z'))).toBe('2032-07-09');
  });
});
