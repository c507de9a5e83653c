import { and, eq } from 'drizzle-orm';
import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import type { CreateLevel } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { levels } from '../schema';
import { publishLevel } from './level-events';
import type { LevelRow } from './level-queries';

/** The school starts offering a level; each of the five at most once, kept in spec order. */
export async function createLevel(
  tx: Executor,
  schoolId: string,
  input: CreateLevel,
): Promise<LevelRow> {
  const label = EDUCATION_LEVEL_LABELS[input.level];
  const [existing] = await tx
    .select({ id: levels.id })
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), eq(levels.level, input.level)));
  if (existing) throw conflict(`La escuela ya ofrece ${label}.`);
  const [row] = await tx
    .insert(levels)
    .values({
      schoolId,
      level: input.level,
      name: input.name ?? label,
      position: EDUCATION_LEVELS.indexOf(input.level),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`La escuela ya ofrece ${label}.`);
  await publishLevel(tx, row, 'created');
  return row;
}
