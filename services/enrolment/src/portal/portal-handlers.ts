import { portalFeatures } from '@cuota/contracts/enrolment/endpoints/portal';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { EnrolmentContext } from '../enrolment-db';
import { featureNames } from './portal-feature-repository';
import { visibleFeatures } from './portal-rules';

/** The portal's feature toggles, as the signed-in person may see them. */
export function portalHandlers({ db }: EnrolmentContext) {
  return [
    implement(portalFeatures, ({ caller }) => featureNames(db, visibleFeatures(caller.kind))),
  ];
}
