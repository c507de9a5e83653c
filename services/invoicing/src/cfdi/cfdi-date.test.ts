import { formatCfdiDate } from './cfdi-date.ts';

describe('formatCfdiDate', () => {
  it('writes the wall-clock time of Mexico City (UTC-6 all year since 2022)', () => {
    expect(formatCfdiDate(new Date('2026-03-05T17:21:30Z'), 'America/Mexico_City')).toBe(
      '2026-03-05T11:21:30',
    );
    expect(formatCfdiDate(new Date('2026-07-01T05:59:59Z'), 'America/Mexico_City')).toBe(
      '2026-06-30T23:59:59',
    );
  });

  it('follows a border school zone with daylight saving (Tijuana in July: UTC-7)', () => {
    expect(formatCfdiDate(new Date('2026-07-01T12:00:00Z'), 'America/Tijuana')).toBe(
      '2026-07-01T05:00:00',
    );
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatCfdiDate(new Date('2026-01-02T06:00:00Z'), 'America/Mexico_City')).toBe(
      '2026-01-02T00:00:00',
    );
  });
});
