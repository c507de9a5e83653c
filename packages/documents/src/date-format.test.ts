import { formatMexicoDate, formatMexicoDateTime, formatPeriod } from './date-format.ts';

describe('dates for people (es-MX, Mexico City)', () => {
  it('shows the Mexico City day, not the server’s UTC one', () => {
    // 02:30 UTC on 6 March is still 5 March in Mexico City (UTC−6).
    expect(formatMexicoDate(new Date('2026-03-06T02:30:00Z'))).toBe('5 de marzo de 2026');
    expect(formatMexicoDateTime(new Date('2026-03-06T02:30:00Z'))).toBe(
      '5 de marzo de 2026, 20:30 h',
    );
  });

  it('names a period’s month in Spanish', () => {
    expect(formatPeriod('2026-01')).toBe('enero de 2026');
    expect(formatPeriod('2026-12')).toBe('diciembre de 2026');
    expect(() => formatPeriod('2026-1')).toThrow('No es un periodo AAAA-MM: 2026-1');
  });
});
