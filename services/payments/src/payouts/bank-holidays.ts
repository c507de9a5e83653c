import type { BankHoliday } from '@cuota/contracts/payments/payouts';

/**
 * Days Mexican banks close (no SPEI settlement to an account), 2026–2027. Source: the CNBV's
 * yearly "Disposiciones de carácter general que señalan los días del año en que las entidades
 * financieras sujetas a la supervisión de la CNBV deberán cerrar sus puertas y suspender
 * operaciones" (DOF, each December), whose list is the Ley Federal del Trabajo art. 74 rest
 * days (1 Jan, first Monday of February, third Monday of March, 1 May, 16 September, third
 * Monday of November, 25 December) plus Holy Thursday and Friday, 2 November and 12
 * December. The dates below apply that rule (Easter: 5 Apr 2026, 28 Mar 2027); the DOF text
 * itself was not in the stored material — check it each December (ADR 0043). Weekend dates
 * are kept: the list is the authority's, not only what changes a payout.
 */
export const BANK_HOLIDAY_SOURCE =
  'CNBV, disposiciones de días inhábiles publicadas en el DOF (LFT art. 74 más Jueves y Viernes Santo, 2 de noviembre y 12 de diciembre)';

const holidays = (year: number, days: Array<[string, string]>): BankHoliday[] =>
  days.map(([md, name]) => ({ date: `${year}-${md}`, name }));

export const BANK_HOLIDAYS: Record<number, BankHoliday[]> = {
  2026: holidays(2026, [
    ['01-01', 'Año Nuevo'],
    ['02-02', 'Día de la Constitución'],
    ['03-16', 'Natalicio de Benito Juárez'],
    ['04-02', 'Jueves Santo'],
    ['04-03', 'Viernes Santo'],
    ['05-01', 'Día del Trabajo'],
    ['09-16', 'Día de la Independencia'],
    ['11-02', 'Día de Muertos'],
    ['11-16', 'Día de la Revolución'],
    ['12-12', 'Día de la Virgen de Guadalupe'],
    ['12-25', 'Navidad'],
  ]),
  2027: holidays(2027, [
    ['01-01', 'Año Nuevo'],
    ['02-01', 'Día de la Constitución'],
    ['03-15', 'Natalicio de Benito Juárez'],
    ['03-25', 'Jueves Santo'],
    ['03-26', 'Viernes Santo'],
    ['05-01', 'Día del Trabajo'],
    ['09-16', 'Día de la Independencia'],
    ['11-02', 'Día de Muertos'],
    ['11-15', 'Día de la Revolución'],
    ['12-12', 'Día de la Virgen de Guadalupe'],
    ['12-25', 'Navidad'],
  ]),
};

const HOLIDAY_DATES = new Set(Object.values(BANK_HOLIDAYS).flatMap((l) => l.map((h) => h.date)));

export const isBankHoliday = (date: string): boolean => HOLIDAY_DATES.has(date);
