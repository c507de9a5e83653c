import type { UpdateLevel } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { levelsOfSchool, saveLevel, UNKNOWN_LEVEL, type LevelRow } from './level-repository';
import { positionsAfterMove } from './level-rules';

/**
 * Renames, moves or (de)activates one of the school's levels. `position` is the index the
 * level takes in the school's list: the others shift and every level is renumbered 0…n-1.
 * Each level whose row changed publishes enrolment.level.updated. The school's levels are
 * locked, so two moves do not interleave.
 */
export async function updateLevel(
  tx: Executor,
  schoolId: string,
  levelId: string,
  input: UpdateLevel,
): Promise<LevelRow> {
  const ordered = await levelsOfSchool(tx, schoolId, { lock: true });
  const level = ordered.find((l) => l.id === levelId);
  if (!level) throw notFound(UNKNOWN_LEVEL);
  const name = input.name?.toLowerCase();
  if (name && ordered.some((l) => l.id !== level.id && l.name.toLowerCase() === name))
    throw conflict(`Ya hay un nivel llamado ${input.name} en la escuela.`);

  const positions = positionsAfterMove(
    ordered.map((l) => l.id),
    level.id,
    input.position,
  );
  let updated = level;
  for (const row of ordered) {
    const own = row.id === level.id;
    const changes = {
      position: positions.get(row.id)!,
      ...(own && input.name !== undefined ? { name: input.name } : {}),
      ...(own && input.active !== undefined ? { active: input.active } : {}),
    };
    if (!differs(row, changes)) continue;
    const saved = await saveLevel(tx, row.id, changes);
    if (own) updated = saved;
  }
  return updated;
}

const differs = (row: LevelRow, changes: Partial<LevelRow>) =>
  (Object.keys(changes) as (keyof LevelRow)[]).some((k) => changes[k] !== row[k]);
