import { inArray } from 'drizzle-orm';
import type { ReplyOf } from '@cuota/contracts/common/request-definition';
import type { guardianNamesRequest } from '@cuota/contracts/enrolment/guardian-names';
import type { Executor } from '@cuota/messaging/transaction';
import { guardians } from '../schema';

/** Enrolment's ids are UUIDs; anything else names no guardian here (and would not cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names of the guardians among `ids` that enrolment knows, as of their last change. */
export async function guardianNamesOf(
  db: Executor,
  ids: readonly string[],
): Promise<ReplyOf<typeof guardianNamesRequest>> {
  const known = ids.filter((id) => UUID.test(id));
  if (!known.length) return { guardians: [] };
  const rows = await db
    .select({
      guardian_id: guardians.id,
      first_name: guardians.firstName,
      last_name: guardians.lastName,
      updatedAt: guardians.updatedAt,
    })
    .from(guardians)
    .where(inArray(guardians.id, known));
  return {
    guardians: rows.map(({ updatedAt, ...name }) => ({
      ...name,
      updated_at: updatedAt.toISOString(),
    })),
  };
}
