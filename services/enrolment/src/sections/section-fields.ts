import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import type { LevelRow } from '../levels/level-repository';
import { sectionNameTaken } from './section-repository';
import type { SectionInput } from './section-rules';

/** What creating or updating a section writes (shared by both use cases). */
export const fieldsOf = (level: LevelRow, input: SectionInput) => ({
  levelId: level.id,
  name: input.name,
  grade: input.grade,
  capacity: input.capacity,
});

/** A section's name is unique within its level (409 otherwise). */
export async function ensureFreeName(
  tx: Executor,
  level: LevelRow,
  name: string,
  exceptId?: string,
) {
  if (await sectionNameTaken(tx, level.id, name, exceptId))
    throw conflict(`Ya existe el grupo ${name} en ${level.name}.`);
}
