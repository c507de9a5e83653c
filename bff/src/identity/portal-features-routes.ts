import { Router } from 'express';
import { portalFeaturesSchema } from '@cuota/contracts/enrolment/responses';
import type { BffContext } from '../bff-context';
import { requireSignedIn } from '../session/signed-in';

/** GET /api/v1/portal/features/: the REST twin of guardian.featuresToggle, for any user. */
export function portalFeaturesRoutes(ctx: BffContext): Router {
  const router = Router();
  router.get('/api/v1/portal/features/', async (req, res) => {
    const { identity } = requireSignedIn(req);
    res.json(
      await ctx.enrolment({
        path: '/internal/portal-features',
        identity,
        schema: portalFeaturesSchema,
      }),
    );
  });
  return router;
}
