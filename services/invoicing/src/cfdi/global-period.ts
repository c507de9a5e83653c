/**
 * The periods of a global invoice in the school's local calendar, and the InformacionGlobal
 * each one carries (catCFDI c_Periodicidad, c_Meses). A period never crosses a month (a
 * bimonthly one, two months: SAT's c_Meses 13–18): Meses names one month or one pair, so a
 * week is cut at the month's end (ADR 0037 «global invoice»).
 */
import type { GlobalPeriodicity } from '@cuota/contracts/invoicing/global-invoice';
import type { InformacionGlobal } from './comprobante.ts';

const PERIODICIDAD: Record<GlobalPeriodicity, string> = {
  daily: '01',
  weekly: '02',
  biweekly: '03',
  monthly: '04',
  bimonthly: '05',
};

/** A local calendar date, `YYYY-MM-DD`. */
export type LocalDate = string;

export interface GlobalPeriod {
  periodicity: GlobalPeriodicity;
  /** First and last local day, inclusive. */
  from: LocalDate;
  to: LocalDate;
  informacionGlobal: InformacionGlobal;
}

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period of `periodicity` that contains the local date `day`. */
export function globalPeriodOf(periodicity: GlobalPeriodicity, day: LocalDate): GlobalPeriod {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [first, last] = dayRange(periodicity, year, month, date);
  const firstMonth = periodicity === 'bimonthly' ? month - ((month - 1) % 2) : month;
  const lastMonth = periodicity === 'bimonthly' ? firstMonth + 1 : month;
  const meses = periodicity === 'bimonthly' ? String(12 + (firstMonth + 1) / 2) : pad(month);
  return {
    periodicity,
    from: `${year}-${pad(firstMonth)}-${pad(first)}`,
    to: `${year}-${pad(lastMonth)}-${pad(last)}`,
    informacionGlobal: { Periodicidad: PERIODICIDAD[periodicity], Meses: meses, Año: String(year) },
  };
}

/** First and last day of the month(s) the period covers. */
function dayRange(
  periodicity: GlobalPeriodicity,
  year: number,
  month: number,
  date: number,
): [number, number] {
  const monthEnd = daysIn(year, month);
  switch (periodicity) {
    case 'daily':
      return [date, date];
    case 'weekly': {
      // Weeks start on Monday; the first and last of a month are cut at its edges.
      const weekday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
      return [Math.max(1, date - weekday), Math.min(monthEnd, date - weekday + 6)];
    }
    case 'biweekly':
      return date <= 15 ? [1, 15] : [16, monthEnd];
    case 'monthly':
      return [1, monthEnd];
    case 'bimonthly': {
      const secondMonth = month - ((month - 1) % 2) + 1;
      return [1, daysIn(year, secondMonth)];
    }
  }
}

/** Whether the local date falls inside the period. */
export function inGlobalPeriod(period: GlobalPeriod, day: LocalDate): boolean {
  return day >= period.from && day <= period.to;
}

/**
 * The latest period that has closed on local day `today`: the one holding the day before
 * today's period begins. What a job issuing global invoices looks for (ADR 0037).
 */
export function lastClosedGlobalPeriod(
  periodicity: GlobalPeriodicity,
  today: LocalDate,
): GlobalPeriod {
  const [year, month, date] = globalPeriodOf(periodicity, today).from.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const dayBefore = new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
  return globalPeriodOf(periodicity, dayBefore);
}
