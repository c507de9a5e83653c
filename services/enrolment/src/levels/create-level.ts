import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import type { CreateLevel } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { insertLevel, levelsOfSchool, type LevelRow } from './level-repository';

/** The school starts offering a level; each of the five at most once, kept in spec order. */
export async function createLevel(
  tx: Executor,
  schoolId: string,
  input: CreateLevel,
): Promise<LevelRow> {
  const label = EDUCATION_LEVEL_LABELS[input.level];
  const offered = await levelsOfSchool(tx, schoolId);
  const taken = () => conflict(`La escuela ya ofrece ${label}.`);
  if (offered.some((l) => l.level === input.level)) throw taken();
  const row = await insertLevel(tx, {
    schoolId,
    level: input.level,
    name: input.name ?? label,
    position: EDUCATION_LEVELS.indexOf(input.level),
  });
  if (!row) throw taken();
  return row;
}
