import { and, eq, inArray, ne } from 'drizzle-orm';
import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import {
  LEVEL_GRADES,
  sectionNameOf,
  type CreateSection,
  type Section,
  type SectionForm,
  type SectionFormBatch,
} from '@cuota/contracts/enrolment/levels';
import { sectionCreatedV1 } from '@cuota/contracts/events/enrolment.section.created.v1';
import { sectionDeletedV1 } from '@cuota/contracts/events/enrolment.section.deleted.v1';
import { sectionUpdatedV1 } from '@cuota/contracts/events/enrolment.section.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { levels, sections } from '../schema';
import { sectionsByIds } from './section-queries';

export const UNKNOWN_SECTION = 'No encontramos este grupo.';
type LevelRow = typeof levels.$inferSelect;
type SectionRow = typeof sections.$inferSelect;
type SectionFields = Omit<CreateSection, 'school_id'>;

/** The form's grade and group become the section's name ("1° A") and grade. */
export const fromForm = (form: SectionForm): SectionFields => ({
  level_id: form.level_id,
  name: sectionNameOf(form.grade, form.group),
  grade: form.grade,
  capacity: form.capacity,
});

export async function createSection(tx: Executor, input: CreateSection): Promise<string> {
  const level = await levelOfSchool(tx, input.school_id, input.level_id);
  checkGrade(level, input.grade);
  await ensureFreeName(tx, level, input.name);
  const [row] = await tx
    .insert(sections)
    .values({
      schoolId: input.school_id,
      levelId: level.id,
      name: input.name,
      grade: input.grade,
      capacity: input.capacity,
    })
    .returning();
  await enqueueEvent(tx, sectionCreatedV1, snapshot(row!, level));
  return row!.id;
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

/** Several groups of one grade at once (the form's "A, B, C"): all of them or none. */
export async function createSectionsFromForm(
  tx: Executor,
  batch: SectionFormBatch,
): Promise<string[]> {
  const ids: string[] = [];
  for (const group of batch.groups)
    ids.push(
      await createSection(tx, {
        school_id: batch.school_id,
        ...fromForm({
          level_id: batch.level_id,
          grade: batch.grade,
          group,
          capacity: batch.capacity,
        }),
      }),
    );
  return ids;
}

export async function updateSection(
  tx: Executor,
  section: Section,
  input: SectionFields,
): Promise<void> {
  const level = await levelOfSchool(tx, section.school_id, input.level_id);
  checkGrade(level, input.grade);
  // Students carry their level too: moving a section with students would split them.
  if (level.id !== section.level_id && section.students > 0)
    throw conflict(
      `El grupo ${section.name} tiene ${studentsText(section.students)}; no puede cambiar de nivel.`,
    );
  await ensureFreeName(tx, level, input.name, section.id);
  const [row] = await tx
    .update(sections)
    .set({ levelId: level.id, name: input.name, grade: input.grade, capacity: input.capacity })
    .where(eq(sections.id, section.id))
    .returning();
  await enqueueEvent(tx, sectionUpdatedV1, snapshot(row!, level));
}

export async function deleteSection(tx: Executor, section: Section): Promise<void> {
  await bulkDeleteSections(tx, section.school_id, [section.id]);
}

/**
 * Deletes every listed section or none: an unknown id (or another school's) is a 404, and
 * sections with students block the whole request, each named in the details.
 */
export async function bulkDeleteSections(
  tx: Executor,
  schoolId: string,
  ids: string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  // Row locks: a student assigned meanwhile waits for us, or we see them.
  await tx
    .select({ id: sections.id })
    .from(sections)
    .where(inArray(sections.id, unique))
    .for('update');
  const found = await sectionsByIds(tx, schoolId, unique);
  if (found.length !== unique.length)
    throw notFound(unique.length === 1 ? UNKNOWN_SECTION : 'Alguno de los grupos no existe.');
  const blocking = found.filter((s) => s.students > 0);
  if (blocking.length)
    throw new HttpError(
      409,
      'CONFLICT',
      blocking.length === 1
        ? `No se puede eliminar el grupo ${blocking[0]!.name}: tiene ${studentsText(blocking[0]!.students)}. Cámbialos de grupo primero.`
        : `No se eliminó ningún grupo: ${blocking.length} tienen alumnos asignados. Cámbialos de grupo primero.`,
      blocking.map((s) => ({
        path: s.id,
        message: `${s.name} (${EDUCATION_LEVEL_LABELS[s.level]}) tiene ${studentsText(s.students)}.`,
      })),
    );
  await tx
    .delete(sections)
    .where(and(eq(sections.schoolId, schoolId), inArray(sections.id, unique)));
  for (const s of found)
    await enqueueEvent(tx, sectionDeletedV1, {
      section_id: s.id,
      school_id: schoolId,
      level_id: s.level_id,
    });
}

const studentsText = (n: number) => (n === 1 ? '1 alumno asignado' : `${n} alumnos asignados`);

async function levelOfSchool(tx: Executor, schoolId: string, levelId: string): Promise<LevelRow> {
  const [level] = await tx
    .select()
    .from(levels)
    .where(and(eq(levels.id, levelId), eq(levels.schoolId, schoolId)));
  if (!level) throw notFound('No encontramos este nivel en la escuela.');
  return level;
}

function checkGrade(level: LevelRow, grade: number | null): void {
  const max = LEVEL_GRADES[level.level as EducationLevel];
  if (grade !== null && grade > max)
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      'Revisa los datos enviados en el cuerpo de la solicitud.',
      [{ path: 'grade', message: `${level.name} tiene grados del 1 al ${max}.` }],
    );
}

async function ensureFreeName(
  tx: Executor,
  level: LevelRow,
  name: string,
  exceptId?: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.levelId, level.id),
        eq(sections.name, name),
        exceptId ? ne(sections.id, exceptId) : undefined,
      ),
    );
  if (taken) throw conflict(`Ya existe el grupo ${name} en ${level.name}.`);
}
