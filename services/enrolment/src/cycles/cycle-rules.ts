import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';
import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';

interface CycleFacts {
  id: string;
  name: string;
  status: string;
  startsOn: string;
  endsOn: string;
}

/** What activation depends on, read by the caller (under lock when it activates). */
export interface ActivationFacts {
  cycle: CycleFacts;
  /** YYYY-MM-DD in Mexico City. */
  today: string;
  /** The school's active cycle, if any. */
  active: Pick<CycleFacts, 'id' | 'name' | 'startsOn'> | null;
  schoolStatus: SchoolStatus;
  /** The school offers at least one level with a group. */
  hasSections: boolean;
}

const SCHOOL_STATUS_REASONS: Partial<Record<SchoolStatus, string>> = {
  baja: 'La escuela está dada de baja.',
  paused: 'La escuela está en pausa.',
};

/**
 * Everything that keeps a cycle from becoming the school's active one, in Spanish; empty
 * when it can be activated. validate_activate shows these, activate refuses with them.
 */
export function activationBlockers(facts: ActivationFacts): string[] {
  const { cycle, today, active } = facts;
  const reasons: string[] = [];
  if (cycle.status === 'active') reasons.push('El ciclo ya está activo.');
  if (cycle.status === 'closed')
    reasons.push('El ciclo ya se cerró; un ciclo cerrado no vuelve a activarse.');
  if (cycle.endsOn < today) reasons.push(`El ciclo ya terminó (terminó el ${cycle.endsOn}).`);
  if (active && active.id !== cycle.id && cycle.startsOn < active.startsOn)
    reasons.push(`El ciclo empieza antes que el ciclo activo ${active.name}.`);
  const statusReason = SCHOOL_STATUS_REASONS[facts.schoolStatus];
  if (statusReason) reasons.push(statusReason);
  if (!facts.hasSections) reasons.push('La escuela no tiene niveles con grupos.');
  return reasons;
}

/** The 409 that names every blocker (each also as a detail), or null when there is none. */
export function activationRefusal(cycleName: string, reasons: string[]): HttpError | null {
  if (!reasons.length) return null;
  return new HttpError(
    409,
    'CONFLICT',
    `No se puede activar el ciclo ${cycleName}. ${reasons.join(' ')}`,
    reasons.map((message) => ({ path: 'cycle', message })),
  );
}

/** A new cycle may not share its dates with another (a student is in one school year). */
export const overlapRefusal = (other: CycleFacts) =>
  conflict(
    `Las fechas se cruzan con el ciclo ${other.name} (del ${other.startsOn} al ${other.endsOn}).`,
  );

export const nameTakenRefusal = (name: string) => conflict(`Ya existe el ciclo ${name}.`);
