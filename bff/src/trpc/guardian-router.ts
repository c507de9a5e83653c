import {
  openNotificationInputSchema,
  verifyGuardiansInputSchema,
} from '@cuota/contracts/bff/guardian-rpc';
import { guardianMe } from '@cuota/contracts/enrolment/endpoints/guardians';
import { portalFeatures } from '@cuota/contracts/enrolment/endpoints/portal';
import { verifyGuardians } from '@cuota/contracts/invoicing/endpoints/invoicing-endpoints';
import { NOT_AVAILABLE_MESSAGE } from '../proxy/not-available';
import { callService, guardianProcedure, router, TRPCError } from './trpc';
import { SpanishError } from './trpc-errors';

/** The portal's procedures (spec §7), each answered by the owning service. */
export const guardianRouter = router({
  /** Enrolment: the guardian with their dependents, kept while enrolment's events are heard. */
  me: guardianProcedure.query(({ ctx }) =>
    callService(() =>
      ctx.bff.deps.guardianMe.get(ctx.guardian.guardian_id, () =>
        ctx.bff.enrolment({ endpoint: guardianMe, identity: ctx.guardian }),
      ),
    ),
  ),

  /** Enrolment's portal feature toggles (names of enabled features). */
  featuresToggle: guardianProcedure.query(({ ctx }) =>
    callService(() => ctx.bff.enrolment({ endpoint: portalFeatures, identity: ctx.guardian })),
  ),

  /** Invoicing: RFC verification of billing guardians. */
  verifyGuardians: guardianProcedure.input(verifyGuardiansInputSchema).query(({ ctx, input }) =>
    callService(() =>
      ctx.bff.invoicing({
        endpoint: verifyGuardians,
        identity: ctx.guardian,
        body: { guardian_ids: input.guardianIds },
      }),
    ),
  ),

  /** Notifications has no service yet: the call is accepted (CSRF-checked) and refused. */
  openNotification: guardianProcedure.input(openNotificationInputSchema).mutation(() => {
    throw new TRPCError({
      code: 'NOT_IMPLEMENTED',
      message: NOT_AVAILABLE_MESSAGE,
      cause: new SpanishError(NOT_AVAILABLE_MESSAGE),
    });
  }),
});
