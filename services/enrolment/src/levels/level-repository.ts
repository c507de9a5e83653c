import { and, asc, eq } from 'drizzle-orm';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { StaffLevel } from '@cuota/contracts/enrolment/levels';
import { levelCreatedV1 } from '@cuota/contracts/events/enrolment.level.created.v1';
import { levelDeletedV1 } from '@cuota/contracts/events/enrolment.level.deleted.v1';
import { levelUpdatedV1 } from '@cuota/contracts/events/enrolment.level.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { levels } from '../schema';

/**
 * The only code that reads or writes the `levels` table. Every write enqueues the level's
 * event in the caller's transaction, so a change without its event cannot be written.
 */
export type LevelRow = typeof levels.$inferSelect;
export type NewLevel = Pick<LevelRow, 'schoolId' | 'level' | 'name' | 'position'>;
export type LevelChanges = Partial<Pick<LevelRow, 'name' | 'position' | 'active'>>;

export const UNKNOWN_LEVEL = 'No encontramos este nivel en la escuela.';

export const toLevel = (row: LevelRow): StaffLevel => ({
  id: row.id,
  level: row.level as EducationLevel,
  name: row.name,
  position: row.position,
  active: row.active,
});

/**
 * The levels a school offers, in the school's order; `activeOnly` for the public pickers.
 * `lock` takes the rows FOR UPDATE (moves renumber every level of the school).
 */
export async function levelsOfSchool(
  db: Executor,
  schoolId: string,
  { activeOnly = false, lock = false }: { activeOnly?: boolean; lock?: boolean } = {},
): Promise<LevelRow[]> {
  const query = db
    .select()
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), activeOnly ? eq(levels.active, true) : undefined))
    .orderBy(asc(levels.position), asc(levels.name));
  return lock ? query.for('update') : query;
}

/** One level of this school, or a 404 (another school's level does not exist here). */
export async function levelOfSchool(
  db: Executor,
  schoolId: string,
  levelId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<LevelRow> {
  const query = db
    .select()
    .from(levels)
    .where(and(eq(levels.id, levelId), eq(levels.schoolId, schoolId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(UNKNOWN_LEVEL);
  return row;
}

/** Inserts the level unless the school already offers that kind (then null). */
export async function insertLevel(tx: Executor, level: NewLevel): Promise<LevelRow | null> {
  const [row] = await tx.insert(levels).values(level).onConflictDoNothing().returning();
  if (row) await enqueueEvent(tx, levelCreatedV1, snapshot(row));
  return row ?? null;
}

export async function saveLevel(tx: Executor, id: string, changes: LevelChanges) {
  const [row] = await tx.update(levels).set(changes).where(eq(levels.id, id)).returning();
  await enqueueEvent(tx, levelUpdatedV1, snapshot(row!));
  return row!;
}

export async function deleteLevelRow(tx: Executor, level: LevelRow): Promise<void> {
  await tx.delete(levels).where(eq(levels.id, level.id));
  await enqueueEvent(tx, levelDeletedV1, { level_id: level.id, school_id: level.schoolId });
}

const snapshot = (row: LevelRow) => ({
  level_id: row.id,
  school_id: row.schoolId,
  level: row.level as EducationLevel,
  name: row.name,
  position: row.position,
  active: row.active,
});
