import { formatPeriod } from '@cuota/documents/date-format';
import { badRequest, invalidField } from '@cuota/service-runtime/http/http-error';
import { addDays, addMonths } from '../orders/calendar';

/** What a concept's cycle is read from: its months, or a one-time concept's due date. */
export type ConceptDates = { periods: string[]; dueOn: string | null };

/**
 * The dates of a concept's school year as billing knows it (ADR 0079): billing keeps no copy
 * of enrolment's cycles, so the year is the twelve months from the concept's first month (a
 * monthly concept's earliest, a one-time concept's due month). A root concept with neither
 * has none.
 */
export function cycleOf({ periods, dueOn }: ConceptDates): { from: string; to: string } | null {
  const first = periods.length > 0 ? periods.toSorted()[0]! : dueOn?.slice(0, 7);
  if (!first) return null;
  const from = `${first}-01`;
  return { from, to: addDays(addMonths(from, 12), -1) };
}

const monthsOf = (cycle: { from: string; to: string }) =>
  `entre ${formatPeriod(cycle.from.slice(0, 7))} y ${formatPeriod(cycle.to.slice(0, 7))}`;

/** A due date moved out of the concept's year is a typo (2062 for 2026), not a correction. */
export function requireDueInCycle(concept: ConceptDates, dueOn: string): void {
  const cycle = cycleOf(concept);
  if (cycle && (dueOn < cycle.from || dueOn > cycle.to))
    throw badRequest(
      `La fecha de vencimiento queda fuera del ciclo del concepto: elige una ${monthsOf(cycle)}.`,
    );
}

/**
 * A scholarship starting after the concept's year would reach none of its orders. One starting
 * before it is the whole year, as a school grants it before the year begins.
 */
export function requireStartInCycle(concept: ConceptDates, startsOn: string): void {
  const cycle = cycleOf(concept);
  if (cycle && startsOn > cycle.to)
    throw invalidField(
      'starts_on',
      `La beca empezaría después del ciclo del concepto: elige una fecha ${monthsOf(cycle)}.`,
    );
}
