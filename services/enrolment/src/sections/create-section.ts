import type { CreateSection } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { levelOfSchool } from '../levels/level-repository';
import { ensureFreeName, fieldsOf } from './section-fields';
import { insertSection } from './section-repository';
import { checkGrade } from './section-rules';

export async function createSection(tx: Executor, input: CreateSection): Promise<string> {
  const level = await levelOfSchool(tx, input.school_id, input.level_id);
  checkGrade(level, input.grade);
  await ensureFreeName(tx, level, input.name);
  return insertSection(tx, level, fieldsOf(level, input));
}
