import { and, asc, eq } from 'drizzle-orm';
import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import {
  gradesOf,
  type LevelWithSections,
  type StaffLevel,
} from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { levels } from '../schema';
import { sectionsOfSchool } from '../sections/section-queries';

export type LevelRow = typeof levels.$inferSelect;

export const toLevel = (row: LevelRow): StaffLevel => ({
  id: row.id,
  level: row.level as EducationLevel,
  name: row.name,
  position: row.position,
  active: row.active,
});

/**
 * The levels a school offers, in the school's order (spec §1's until staff move them);
 * `activeOnly` for the public pickers, which leave inactive levels out.
 */
export async function levelsOfSchool(
  db: Executor,
  schoolId: string,
  { activeOnly = false }: { activeOnly?: boolean } = {},
): Promise<StaffLevel[]> {
  const rows = await db
    .select()
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), activeOnly ? eq(levels.active, true) : undefined))
    .orderBy(asc(levels.position), asc(levels.name));
  return rows.map(toLevel);
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

export const UNKNOWN_LEVEL = 'No encontramos este nivel en la escuela.';

/** Each offered level with its Spanish label, its grades and its sections. */
export async function levelsWithSections(
  db: Executor,
  schoolId: string,
): Promise<LevelWithSections[]> {
  const [offered, sections] = await Promise.all([
    levelsOfSchool(db, schoolId),
    sectionsOfSchool(db, schoolId),
  ]);
  return offered.map((level) => ({
    ...level,
    label: EDUCATION_LEVEL_LABELS[level.level],
    grades: gradesOf(level.level),
    sections: sections.filter((s) => s.level_id === level.id),
  }));
}
