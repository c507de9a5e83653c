import { Router } from 'express';
import { portalFeatures } from '@cuota/contracts/enrolment/endpoints/portal';
import { portalFeatures as portalFeaturesRow } from '@cuota/contracts/identity/endpoints';
import { expressPath } from '@cuota/contracts/http/route-path';
import type { BffContext } from '../bff-context';
import { requireSignedIn } from '../session/signed-in';

/** GET /api/v1/portal/features/: the REST twin of guardian.featuresToggle, for any user. */
export function portalFeaturesRoutes(ctx: BffContext): Router {
  const router = Router();
  router.get(expressPath(portalFeaturesRow.path), async (req, res) => {
    const { identity } = requireSignedIn(req);
    res.json(await ctx.enrolment({ endpoint: portalFeatures, identity }));
  });
  return router;
}
