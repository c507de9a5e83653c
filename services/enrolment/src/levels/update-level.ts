import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { UpdateLevel } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { levels } from '../schema';
import { publishLevel } from './level-events';
import { levelOfSchool, type LevelRow } from './level-queries';

/**
 * Renames, moves or (de)activates one of the school's levels. `position` is the index the
 * level takes in the school's list: the others shift and every level is renumbered 0…n-1
 * (a position past the end means last). Each level whose row changed publishes
 * enrolment.level.updated. The school's levels are locked, so two moves do not interleave.
 */
export async function updateLevel(
  tx: Executor,
  schoolId: string,
  levelId: string,
  input: UpdateLevel,
): Promise<LevelRow> {
  const ordered = await tx
    .select()
    .from(levels)
    .where(eq(levels.schoolId, schoolId))
    .orderBy(asc(levels.position), asc(levels.name))
    .for('update');
  const level = await levelOfSchool(tx, schoolId, levelId);

  if (input.name !== undefined && input.name !== level.name) {
    const [taken] = await tx
      .select({ id: levels.id })
      .from(levels)
      .where(
        and(
          eq(levels.schoolId, schoolId),
          ne(levels.id, level.id),
          sql`lower(${levels.name}) = lower(${input.name})`,
        ),
      );
    if (taken) throw conflict(`Ya hay un nivel llamado ${input.name} en la escuela.`);
  }

  const positions = new Map(ordered.map((l, i) => [l.id, i]));
  if (input.position !== undefined) {
    const rest = ordered.filter((l) => l.id !== level.id);
    rest.splice(Math.min(input.position, rest.length), 0, level);
    rest.forEach((l, i) => positions.set(l.id, i));
  }

  let updated = level;
  for (const row of ordered) {
    const own = row.id === level.id;
    const changes = {
      position: positions.get(row.id)!,
      ...(own && input.name !== undefined ? { name: input.name } : {}),
      ...(own && input.active !== undefined ? { active: input.active } : {}),
    };
    const changed =
      changes.position !== row.position ||
      (own && (changes.name ?? row.name) !== row.name) ||
      (own && (changes.active ?? row.active) !== row.active);
    if (!changed) continue;
    const [saved] = await tx.update(levels).set(changes).where(eq(levels.id, row.id)).returning();
    await publishLevel(tx, saved!, 'updated');
    if (own) updated = saved!;
  }
  return updated;
}
