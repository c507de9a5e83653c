import { portalFeatures } from '@cuota/contracts/enrolment/endpoints/portal';
import { portalFeatures as portalFeaturesRow } from '@cuota/contracts/identity/endpoints';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';

/** GET /api/v1/portal/features/: the REST twin of guardian.featuresToggle, for any user. */
export const portalFeaturesHandlers = (ctx: BffContext) => [
  implement(portalFeaturesRow, ({ caller }) =>
    ctx.enrolment({ endpoint: portalFeatures, identity: caller }),
  ),
];
