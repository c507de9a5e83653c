import { globalPeriodOf, inGlobalPeriod, lastClosedGlobalPeriod } from './global-period.ts';

describe('globalPeriodOf', () => {
  it.each([
    ['daily', '2026-03-05', '2026-03-05', '2026-03-05', '01', '03'],
    // Thursday 5 March: the week Monday 2 – Sunday 8.
    ['weekly', '2026-03-05', '2026-03-02', '2026-03-08', '02', '03'],
    // Sunday 1 March: its week began in February, cut at the month's first day.
    ['weekly', '2026-03-01', '2026-03-01', '2026-03-01', '02', '03'],
    // Tuesday 31 March: cut at the month's end.
    ['weekly', '2026-03-31', '2026-03-30', '2026-03-31', '02', '03'],
    ['biweekly', '2026-02-15', '2026-02-01', '2026-02-15', '03', '02'],
    ['biweekly', '2026-02-16', '2026-02-16', '2026-02-28', '03', '02'],
    ['monthly', '2028-02-10', '2028-02-01', '2028-02-29', '04', '02'],
    // c_Meses 13 = enero-febrero … 18 = noviembre-diciembre.
    ['bimonthly', '2026-02-20', '2026-01-01', '2026-02-28', '05', '13'],
    ['bimonthly', '2026-11-02', '2026-11-01', '2026-12-31', '05', '18'],
  ] as const)('%s of %s is %s..%s, Periodicidad %s, Meses %s', (p, day, from, to, code, meses) => {
    const period = globalPeriodOf(p, day);
    expect(period).toMatchObject({ from, to });
    expect(period.informacionGlobal).toEqual({
      Periodicidad: code,
      Meses: meses,
      Año: day.slice(0, 4),
    });
    expect(inGlobalPeriod(period, day)).toBe(true);
    expect(inGlobalPeriod(period, '2025-12-31')).toBe(false);
  });
});

describe('lastClosedGlobalPeriod', () => {
  it.each([
    ['daily', '2026-03-01', '2026-02-28', '2026-02-28'],
    ['weekly', '2026-03-05', '2026-03-01', '2026-03-01'],
    ['weekly', '2026-03-10', '2026-03-02', '2026-03-08'],
    ['biweekly', '2026-03-16', '2026-03-01', '2026-03-15'],
    ['monthly', '2026-01-01', '2025-12-01', '2025-12-31'],
    ['bimonthly', '2026-03-31', '2026-01-01', '2026-02-28'],
  ] as const)('%s on %s: %s..%s', (periodicity, today, from, to) => {
    expect(lastClosedGlobalPeriod(periodicity, today)).toMatchObject({ from, to });
  });
});
