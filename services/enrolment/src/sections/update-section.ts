import type { Section } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { levelOfSchool } from '../levels/level-repository';
import { ensureFreeName, fieldsOf } from './section-fields';
import { saveSection } from './section-repository';
import { checkGrade, checkLevelMove, type SectionInput } from './section-rules';

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
