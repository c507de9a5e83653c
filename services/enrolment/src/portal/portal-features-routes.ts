import type { Express } from 'express';
import { inArray } from 'drizzle-orm';
import type { Visibility } from '@cuota/contracts/enrolment/entities';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import type { EnrolmentDb } from '../enrolment-db';
import { portalFeatures } from '../schema';

/** Spec §3 visibility: guardians see PUBLIC features, staff also STAFF and BETA ones. */
const VISIBLE_TO: Record<IdentityClaims['kind'], Visibility[]> = {
  guardian: ['PUBLIC'],
  staff: ['PUBLIC', 'BETA', 'STAFF'],
  service: ['PUBLIC'],
  anonymous: ['PUBLIC'],
};

export function portalFeaturesRoutes(app: Express, db: EnrolmentDb): void {
  app.get('/internal/portal-features', async (_req, res) => {
    const visible = VISIBLE_TO[identityOf(res).kind];
    const rows = await db
      .select({ name: portalFeatures.name })
      .from(portalFeatures)
      .where(inArray(portalFeatures.visibility, visible))
      .orderBy(portalFeatures.name);
    res.json(rows.map((r) => r.name));
  });
}
