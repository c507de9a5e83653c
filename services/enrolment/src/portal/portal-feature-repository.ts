import { inArray } from 'drizzle-orm';
import type { Visibility } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { portalFeatures } from '../schema';

/**
 * Reads `portal_features` (toggles the seed and operators set; nothing in the service writes
 * them, so no event): the names of those with one of these visibilities, by name.
 */
export async function featureNames(db: Executor, visible: readonly Visibility[]) {
  const rows = await db
    .select({ name: portalFeatures.name })
    .from(portalFeatures)
    .where(inArray(portalFeatures.visibility, [...visible]))
    .orderBy(portalFeatures.name);
  return rows.map((r) => r.name);
}
