import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { DEFAULT_DESK_LIMIT_CENTAVOS, schools } from '../schema';

/** The only code that touches `schools`, payments' copy of enrolment's school settings. */
export type SchoolRow = typeof schools.$inferSelect;

/** Newest wins: a replayed or late event cannot roll a school's settings back. */
export async function upsertSchool(
  tx: Executor,
  school: { school_id: string; name: string; use_kushki_sandbox: boolean },
  occurredAt: Date,
): Promise<void> {
  const values = {
    schoolId: school.school_id,
    name: school.name,
    useKushkiSandbox: school.use_kushki_sandbox,
    updatedAt: occurredAt,
  };
  const { schoolId: _key, ...changes } = values;
  await tx
    .insert(schools)
    .values(values)
    .onConflictDoUpdate({
      target: schools.schoolId,
      set: changes,
      setWhere: sql`${schools.updatedAt} <= excluded.updated_at`,
    });
}

export async function schoolById(db: Executor, schoolId: string): Promise<SchoolRow | null> {
  const [row] = await db.select().from(schools).where(eq(schools.schoolId, schoolId));
  return row ?? null;
}

/** The most one desk payment may be at the school (ADR 0036); the default before any event. */
export async function deskLimitOf(db: Executor, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ limit: schools.deskLimitCentavos })
    .from(schools)
    .where(eq(schools.schoolId, schoolId));
  return row?.limit ?? DEFAULT_DESK_LIMIT_CENTAVOS;
}

/** Sets the school's desk limit; false when payments has not heard of the school yet. */
export async function setDeskLimit(
  db: Executor,
  schoolId: string,
  limit: number,
): Promise<boolean> {
  const rows = await db
    .update(schools)
    .set({ deskLimitCentavos: limit })
    .where(eq(schools.schoolId, schoolId))
    .returning({ id: schools.schoolId });
  return rows.length > 0;
}

/** Every school payments knows (or one), by name. */
export function schoolsByName(db: Executor, schoolId?: string): Promise<SchoolRow[]> {
  return db
    .select()
    .from(schools)
    .where(schoolId ? eq(schools.schoolId, schoolId) : undefined)
    .orderBy(asc(schools.name), asc(schools.schoolId));
}
