import {
  featuresToggle,
  guardianMe as guardianMeProcedure,
  openNotification,
  verifyGuardians as verifyGuardiansProcedure,
} from '@cuota/contracts/identity/endpoints';
import {
  openNotificationInputSchema,
  verifyGuardiansInputSchema,
} from '@cuota/contracts/bff/guardian-rpc';
import { guardianMe } from '@cuota/contracts/enrolment/endpoints/guardians';
import { portalFeatures } from '@cuota/contracts/enrolment/endpoints/portal';
import { verifyGuardians } from '@cuota/contracts/invoicing/endpoints/invoicing-endpoints';
import { openGuardianNotification } from '@cuota/contracts/notifications/endpoints';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import type { PersonClaims } from '../session/session-data';
import { callService, definedProcedure, router } from './trpc';
import { toTrpcError } from './trpc-errors';

/** A guardian's identity; the procedure's definition admits no one else. */
function guardianOf(identity: PersonClaims) {
  if (identity.kind !== 'guardian') throw toTrpcError(forbidden());
  return identity;
}

/**
 * The portal's procedures (spec §7), each answered by the owning service; who may call each
 * is its definition's access (packages/contracts), as on the REST path.
 */
export const guardianRouter = router({
  /** Enrolment: the guardian with their dependents, kept while enrolment's events are heard. */
  me: definedProcedure(guardianMeProcedure).query(({ ctx }) => {
    const guardian = guardianOf(ctx.identity);
    return callService(() =>
      ctx.bff.deps.guardianMe.get(guardian.guardian_id, () =>
        ctx.bff.enrolment({ endpoint: guardianMe, identity: guardian }),
      ),
    );
  }),

  /** Enrolment's portal feature toggles (names of enabled features). */
  featuresToggle: definedProcedure(featuresToggle).query(({ ctx }) =>
    callService(() => ctx.bff.enrolment({ endpoint: portalFeatures, identity: ctx.identity })),
  ),

  /** Invoicing: RFC verification of billing guardians. */
  verifyGuardians: definedProcedure(verifyGuardiansProcedure)
    .input(verifyGuardiansInputSchema)
    .query(({ ctx, input }) =>
      callService(() =>
        ctx.bff.invoicing({
          endpoint: verifyGuardians,
          identity: guardianOf(ctx.identity),
          body: { guardian_ids: input.guardianIds },
        }),
      ),
    ),

  /**
   * Notifications: the portal's `notification_id` marks the guardian's own notification as
   * opened (another family's, or an id that is no notification's, is the service's 404).
   */
  openNotification: definedProcedure(openNotification)
    .input(openNotificationInputSchema)
    .mutation(({ ctx, input }) =>
      callService(() =>
        ctx.bff.notifications({
          endpoint: openGuardianNotification,
          identity: guardianOf(ctx.identity),
          params: { id: input.notificationId },
        }),
      ),
    ),
});
