import { and, asc, desc, eq } from 'drizzle-orm';
import type { CycleStatus, SchoolCycle } from '@cuota/contracts/enrolment/cycles';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { schoolCycles } from '../schema';

export type CycleRow = typeof schoolCycles.$inferSelect;
export const UNKNOWN_CYCLE = 'No encontramos este ciclo escolar.';

export function toCycle(row: CycleRow): SchoolCycle {
  return {
    id: row.id,
    school_id: row.schoolId,
    name: row.name,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    status: row.status as CycleStatus,
    activated_at: row.activatedAt?.toISOString() ?? null,
  };
}

/** Newest first: the cycle being prepared and the active one lead the list. */
export async function listCycles(db: Executor, schoolId: string): Promise<SchoolCycle[]> {
  const rows = await db
    .select()
    .from(schoolCycles)
    .where(eq(schoolCycles.schoolId, schoolId))
    .orderBy(desc(schoolCycles.startsOn), asc(schoolCycles.name));
  return rows.map(toCycle);
}

export async function cycleById(db: Executor, id: string): Promise<CycleRow | null> {
  const [row] = await db.select().from(schoolCycles).where(eq(schoolCycles.id, id));
  return row ?? null;
}

/** A cycle of this school; another school's cycle is as unknown as a missing one. */
export async function cycleOfSchool(db: Executor, schoolId: string, id: string): Promise<CycleRow> {
  const [row] = await db
    .select()
    .from(schoolCycles)
    .where(and(eq(schoolCycles.id, id), eq(schoolCycles.schoolId, schoolId)));
  if (!row) throw notFound(UNKNOWN_CYCLE);
  return row;
}

export async function activeCycleOf(db: Executor, schoolId: string): Promise<CycleRow | null> {
  const [row] = await db
    .select()
    .from(schoolCycles)
    .where(and(eq(schoolCycles.schoolId, schoolId), eq(schoolCycles.status, 'active')));
  return row ?? null;
}
