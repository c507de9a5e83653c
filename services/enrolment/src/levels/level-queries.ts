import { asc, eq } from 'drizzle-orm';
import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import { gradesOf, type Level, type LevelWithSections } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { levels } from '../schema';
import { sectionsOfSchool } from '../sections/section-queries';

export type LevelRow = typeof levels.$inferSelect;

export const toLevel = (row: LevelRow): Level => ({
  id: row.id,
  level: row.level as EducationLevel,
  name: row.name,
  position: row.position,
});

/** The levels a school offers, in the order of spec §1 (preescolar first). */
export async function levelsOfSchool(db: Executor, schoolId: string): Promise<Level[]> {
  const rows = await db
    .select()
    .from(levels)
    .where(eq(levels.schoolId, schoolId))
    .orderBy(asc(levels.position));
  return rows.map(toLevel);
}

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
