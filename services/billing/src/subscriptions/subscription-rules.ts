import { SUBSCRIBABLE_CONCEPT_TYPES } from '@cuota/contracts/billing/subscriptions';
import { badRequest, conflict } from '@cuota/service-runtime/http/http-error';
import type { StudentRow } from '@cuota/student-directory/student-directory-repository';
import type { ConceptRow } from '../concepts/concept-repository';

/** The month (`AAAA-MM`) of a Mexico City date. */
export const periodOf = (today: string) => today.slice(0, 7);

/** The concept's months from this one on, in order: what a subscription from it bills. */
export const monthsFrom = (concept: Pick<ConceptRow, 'periods'>, from: string) =>
  concept.periods.filter((p) => p >= from).sort();

const SUBSCRIBABLE: ReadonlySet<string> = new Set(SUBSCRIBABLE_CONCEPT_TYPES);

/** Who is subscribing: a family sees PUBLIC concepts only, staff all but HIDDEN (ADR 0035). */
export type Audience = 'family' | 'staff';
export const audienceOf = (caller: { kind: string }): Audience =>
  caller.kind === 'guardian' ? 'family' : 'staff';
const visibleTo = (concept: ConceptRow, audience: Audience) =>
  audience === 'family' ? concept.visibility === 'PUBLIC' : concept.visibility !== 'HIDDEN';

/** Whether this student may be subscribed to this concept by this audience (ADR 0035). */
export const mayJoin = (concept: ConceptRow, student: StudentRow, audience: Audience) =>
  visibleTo(concept, audience) &&
  concept.active &&
  concept.recurrence === 'MONTHLY' &&
  SUBSCRIBABLE.has(concept.conceptType) &&
  student.status === 'active' &&
  (concept.level === null || concept.level === student.level);

/**
 * The months a new subscription bills, or the Spanish reason it cannot be made: the concept
 * must be optional and monthly, for the student's level, with months left from `from`
 * (default: the current month; never a past one) that the student was not billed yet
 * (`billed`: a cancelled order keeps its month, ADR 0035).
 */
export function monthsToBill(
  concept: ConceptRow,
  student: StudentRow,
  from: string | undefined,
  { today, billed, audience }: { today: string; billed: ReadonlySet<string>; audience: Audience },
): { fromPeriod: string; months: string[] } {
  if (student.status !== 'active')
    throw badRequest('El alumno no está inscrito: no se le pueden agregar suscripciones.');
  if (!mayJoin(concept, student, audience))
    throw badRequest(
      'Este concepto no admite suscripciones para este alumno: elige un servicio opcional mensual de su nivel.',
    );
  const open = monthsFrom(concept, periodOf(today));
  if (open.length === 0) throw badRequest('A este concepto ya no le quedan meses por cobrar.');
  const fromPeriod = from ?? open[0]!;
  if (!open.includes(fromPeriod))
    throw badRequest(`Elige un mes de inicio entre los que quedan: ${open.join(', ')}.`);
  const months = monthsFrom(concept, fromPeriod).filter((p) => !billed.has(p));
  if (months.length === 0)
    throw conflict(
      `${student.firstName} ya tiene órdenes de ${concept.name} para los meses que quedan; no hay meses nuevos que suscribir.`,
    );
  return { fromPeriod, months };
}
