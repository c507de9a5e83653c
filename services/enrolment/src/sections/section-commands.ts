import type { CreateSection, Section, SectionFormBatch } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { levelOfSchool, type LevelRow } from '../levels/level-repository';
import {
  deleteSections,
  insertSection,
  lockSections,
  saveSection,
  sectionNameTaken,
  sectionsByIds,
} from './section-repository';
import {
  checkGrade,
  checkLevelMove,
  fromForm,
  sectionDeletionBlocker,
  UNKNOWN_SECTION,
  type SectionInput,
} from './section-rules';

export async function createSection(tx: Executor, input: CreateSection): Promise<string> {
  const level = await levelOfSchool(tx, input.school_id, input.level_id);
  checkGrade(level, input.grade);
  await ensureFreeName(tx, level, input.name);
  return insertSection(tx, level, fieldsOf(level, input));
}

/** Several groups of one grade at once (the form's "A, B, C"): all of them or none. */
export async function createSectionsFromForm(
  tx: Executor,
  batch: SectionFormBatch,
): Promise<string[]> {
  const ids: string[] = [];
  for (const group of batch.groups) {
    const { level_id, grade, capacity } = batch;
    const fields = fromForm({ level_id, grade, group, capacity });
    ids.push(await createSection(tx, { school_id: batch.school_id, ...fields }));
  }
  return ids;
}

export async function updateSection(
  tx: Executor,
  section: Section,
  input: SectionInput,
): Promise<void> {
  const level = await levelOfSchool(tx, section.school_id, input.level_id);
  checkGrade(level, input.grade);
  checkLevelMove(section, level.id);
  await ensureFreeName(tx, level, input.name, section.id);
  await saveSection(tx, section.id, level, fieldsOf(level, input));
}

/**
 * Deletes every listed section or none: an unknown id (or another school's) is a 404, and
 * sections with students block the whole request.
 */
export async function bulkDeleteSections(
  tx: Executor,
  schoolId: string,
  ids: string[],
): Promise<void> {
  const unique = [...new Set(ids)];
  await lockSections(tx, unique);
  const found = await sectionsByIds(tx, schoolId, unique);
  if (found.length !== unique.length)
    throw notFound(unique.length === 1 ? UNKNOWN_SECTION : 'Alguno de los grupos no existe.');
  const blocker = sectionDeletionBlocker(found);
  if (blocker) throw blocker;
  await deleteSections(tx, schoolId, found);
}

const fieldsOf = (level: LevelRow, input: SectionInput) => ({
  levelId: level.id,
  name: input.name,
  grade: input.grade,
  capacity: input.capacity,
});

async function ensureFreeName(tx: Executor, level: LevelRow, name: string, exceptId?: string) {
  if (await sectionNameTaken(tx, level.id, name, exceptId))
    throw conflict(`Ya existe el grupo ${name} en ${level.name}.`);
}
