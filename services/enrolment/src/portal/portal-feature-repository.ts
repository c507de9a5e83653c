import { inArray } from 'drizzle-orm';
import type { Visibility } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { portalFeatures } from '../schema';

/**
 * The only code that reads or writes `portal_features`: toggles the seed and operators set.
 * No other domain keeps them, so their writes publish nothing.
 */
export type PortalFeature = typeof portalFeatures.$inferSelect;

/** The names of the features with one of these visibilities, by name. */
export async function featureNames(db: Executor, visible: readonly Visibility[]) {
  const rows = await db
    .select({ name: portalFeatures.name })
    .from(portalFeatures)
    .where(inArray(portalFeatures.visibility, [...visible]))
    .orderBy(portalFeatures.name);
  return rows.map((r) => r.name);
}

/** Adds the features not there yet; one already set keeps its visibility. */
export async function addPortalFeatures(tx: Executor, features: PortalFeature[]): Promise<void> {
  await tx.insert(portalFeatures).values(features).onConflictDoNothing();
}
