import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { deleteSections, lockSections, sectionsByIds } from './section-repository';
import { sectionDeletionBlocker, UNKNOWN_SECTION } from './section-rules';

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
