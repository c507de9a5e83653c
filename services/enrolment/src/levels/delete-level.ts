import type { Executor } from '@cuota/messaging/transaction';
import { deleteSections, sectionsOfSchool } from '../sections/section-repository';
import { countStudentsWithoutSection } from '../students/student-repository';
import { deleteLevelRow, levelOfSchool } from './level-repository';
import { levelDeletionBlocker } from './level-rules';

/**
 * The school stops offering a level: refused (409, nothing deleted) while any student
 * belongs to it; otherwise its empty groups go with it. The level row is locked: a student
 * or group added meanwhile waits, then fails its foreign key.
 */
export async function deleteLevel(tx: Executor, schoolId: string, levelId: string): Promise<void> {
  const level = await levelOfSchool(tx, schoolId, levelId, { lock: true });
  const own = await sectionsOfSchool(tx, schoolId, { level_id: level.id });
  const blocker = levelDeletionBlocker(
    level.name,
    own.filter((s) => s.students > 0),
    await countStudentsWithoutSection(tx, level.id),
  );
  if (blocker) throw blocker;
  await deleteSections(tx, schoolId, own);
  await deleteLevelRow(tx, level);
}
