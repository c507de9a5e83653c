import { and, eq, sql } from 'drizzle-orm';
import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { levels, schools, sections } from '../schema';
import { activeCycleOf, type CycleRow } from './cycle-queries';

/** Today in Mexico City (YYYY-MM-DD): a school year ends by the school's calendar. */
export function todayInMexico(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(now);
}

const SCHOOL_STATUS_REASONS: Partial<Record<SchoolStatus, string>> = {
  baja: 'La escuela está dada de baja.',
  paused: 'La escuela está en pausa.',
};

/**
 * Everything that keeps a cycle from becoming the school's active one, in Spanish; empty
 * when it can be activated. validate_activate shows these, activate refuses with them.
 */
export async function activationBlockers(
  db: Executor,
  cycle: CycleRow,
  today = todayInMexico(),
): Promise<string[]> {
  const reasons: string[] = [];
  if (cycle.status === 'active') reasons.push('El ciclo ya está activo.');
  if (cycle.status === 'closed')
    reasons.push('El ciclo ya se cerró; un ciclo cerrado no vuelve a activarse.');
  if (cycle.endsOn < today) reasons.push(`El ciclo ya terminó (terminó el ${cycle.endsOn}).`);
  const active = await activeCycleOf(db, cycle.schoolId);
  if (active && active.id !== cycle.id && cycle.startsOn < active.startsOn)
    reasons.push(`El ciclo empieza antes que el ciclo activo ${active.name}.`);
  const [school] = await db
    .select({ status: schools.status })
    .from(schools)
    .where(eq(schools.id, cycle.schoolId));
  const statusReason = SCHOOL_STATUS_REASONS[school!.status as SchoolStatus];
  if (statusReason) reasons.push(statusReason);
  if (!(await hasLevelWithSections(db, cycle.schoolId)))
    reasons.push('La escuela no tiene niveles con grupos.');
  return reasons;
}

async function hasLevelWithSections(db: Executor, schoolId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sections)
    .innerJoin(levels, eq(levels.id, sections.levelId))
    .where(and(eq(sections.schoolId, schoolId), eq(levels.schoolId, schoolId)))
    .limit(1);
  return !!row;
}
