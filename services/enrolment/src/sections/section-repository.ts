import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Section, SectionQuery } from '@cuota/contracts/enrolment/levels';
import { sectionCreatedV1 } from '@cuota/contracts/events/enrolment.section.created.v1';
import { sectionDeletedV1 } from '@cuota/contracts/events/enrolment.section.deleted.v1';
import { sectionUpdatedV1 } from '@cuota/contracts/events/enrolment.section.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { anyColumnChanges } from '@cuota/service-runtime/db/changes';
import type { LevelRow } from '../levels/level-repository';
import { levels, sections, students } from '../schema';

/**
 * The only code that reads or writes the `sections` table. Every write enqueues the
 * section's event in the caller's transaction.
 */
type SectionRow = typeof sections.$inferSelect;
export type SectionFields = Pick<SectionRow, 'levelId' | 'name' | 'grade' | 'capacity'>;

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

/** Whether the level already has a section of that name (other than `exceptId`). */
export async function sectionNameTaken(
  db: Executor,
  levelId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [taken] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.levelId, levelId),
        eq(sections.name, name),
        exceptId ? ne(sections.id, exceptId) : undefined,
      ),
    );
  return Boolean(taken);
}

/** Row locks: a student assigned meanwhile waits for us, or we see them. */
export async function lockSections(tx: Executor, ids: string[]): Promise<void> {
  await tx
    .select({ id: sections.id })
    .from(sections)
    .where(inArray(sections.id, ids))
    .for('update');
}

export async function insertSection(
  tx: Executor,
  level: LevelRow,
  fields: SectionFields,
): Promise<string> {
  const [row] = await tx
    .insert(sections)
    .values({ ...fields, schoolId: level.schoolId })
    .returning();
  await enqueueEvent(tx, sectionCreatedV1, snapshot(row!, level));
  return row!.id;
}

export async function saveSection(
  tx: Executor,
  id: string,
  level: LevelRow,
  fields: SectionFields,
): Promise<void> {
  const differs = anyColumnChanges(sections, fields);
  if (!differs) return;
  const [row] = await tx
    .update(sections)
    .set(fields)
    .where(and(eq(sections.id, id), differs))
    .returning();
  // Unchanged: nothing written, nothing published.
  if (row) await enqueueEvent(tx, sectionUpdatedV1, snapshot(row, level));
}

export async function deleteSections(
  tx: Executor,
  schoolId: string,
  list: readonly Pick<Section, 'id' | 'level_id'>[],
): Promise<void> {
  if (!list.length) return;
  await tx.delete(sections).where(
    and(
      eq(sections.schoolId, schoolId),
      inArray(
        sections.id,
        list.map((s) => s.id),
      ),
    ),
  );
  for (const s of list)
    await enqueueEvent(tx, sectionDeletedV1, {
      section_id: s.id,
      school_id: schoolId,
      level_id: s.level_id,
    });
}

/** enrolment.section.* carry the section as it is now, with its level's kind. */
const snapshot = (row: SectionRow, level: LevelRow) => ({
  section_id: row.id,
  school_id: row.schoolId,
  level_id: level.id,
  level: level.level as EducationLevel,
  name: row.name,
  grade: row.grade,
  capacity: row.capacity,
});
