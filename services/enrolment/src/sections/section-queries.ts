import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Section, SectionQuery } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { levels, sections, students } from '../schema';

/**
 * Students per section of one school, counted once (GROUP BY over the school's rows of the
 * students_school_level index) instead of once per section.
 */
function studentCounts(db: Executor, schoolId: string) {
  return db
    .select({ sectionId: students.sectionId, n: sql<number>`count(*)::int`.as('n') })
    .from(students)
    .where(eq(students.schoolId, schoolId))
    .groupBy(students.sectionId)
    .as('counts');
}

async function selectSections(
  db: Executor,
  schoolId: string,
  where: (SQL | undefined)[],
): Promise<Section[]> {
  const counts = studentCounts(db, schoolId);
  const rows = await db
    .select({
      id: sections.id,
      school_id: sections.schoolId,
      level_id: sections.levelId,
      level: levels.level,
      name: sections.name,
      grade: sections.grade,
      capacity: sections.capacity,
      students: sql<number>`coalesce(${counts.n}, 0)`,
    })
    .from(sections)
    .innerJoin(levels, eq(levels.id, sections.levelId))
    .leftJoin(counts, eq(counts.sectionId, sections.id))
    .where(and(eq(sections.schoolId, schoolId), ...where))
    .orderBy(asc(levels.position), asc(sections.grade), asc(sections.name));
  return rows.map((r) => ({ ...r, level: r.level as EducationLevel }));
}

/**
 * A school's sections in level, grade and name order, optionally filtered;
 * `activeLevelsOnly` (the public picker) leaves out the groups of inactive levels.
 */
export function sectionsOfSchool(
  db: Executor,
  schoolId: string,
  query: SectionQuery = {},
  { activeLevelsOnly = false }: { activeLevelsOnly?: boolean } = {},
): Promise<Section[]> {
  return selectSections(db, schoolId, [
    activeLevelsOnly ? eq(levels.active, true) : undefined,
    query.level ? eq(levels.level, query.level) : undefined,
    query.level_id ? eq(sections.levelId, query.level_id) : undefined,
    query.grade ? eq(sections.grade, query.grade) : undefined,
    query.search ? ilike(sections.name, `%${escapeLike(query.search)}%`) : undefined,
  ]);
}

export function sectionsByIds(db: Executor, schoolId: string, ids: string[]): Promise<Section[]> {
  return selectSections(db, schoolId, [inArray(sections.id, ids)]);
}

/** A section with the school that owns it (routes authorise against that school). */
export async function sectionById(db: Executor, id: string): Promise<Section | null> {
  const [row] = await db
    .select({ schoolId: sections.schoolId })
    .from(sections)
    .where(eq(sections.id, id));
  if (!row) return null;
  const [section] = await sectionsByIds(db, row.schoolId, [id]);
  return section ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
