import { portalFeaturesSchema, guardianMeSchema } from '@cuota/contracts/enrolment/responses';
import {
  openNotificationInputSchema,
  verifyGuardiansInputSchema,
  verifyGuardiansResultSchema,
} from '@cuota/contracts/bff/guardian-rpc';
import { callService, guardianProcedure, router, TRPCError } from './trpc';
import { SpanishError } from './trpc-errors';

/** The portal's procedures (spec §7), each answered by the owning service. */
export const guardianRouter = router({
  /** Enrolment: the guardian with their dependents. */
  me: guardianProcedure.query(({ ctx }) =>
    callService(() =>
      ctx.bff.enrolment({
        path: '/api/v1/guardians/me/',
        identity: ctx.guardian,
        schema: guardianMeSchema,
      }),
    ),
  ),

  /** Enrolment's portal feature toggles (names of enabled features). */
  featuresToggle: guardianProcedure.query(({ ctx }) =>
    callService(() =>
      ctx.bff.enrolment({
        path: '/internal/portal-features',
        identity: ctx.guardian,
        schema: portalFeaturesSchema,
      }),
    ),
  ),

  /** Invoicing: RFC verification of billing guardians. */
  verifyGuardians: guardianProcedure.input(verifyGuardiansInputSchema).query(({ ctx, input }) =>
    callService(() =>
      ctx.bff.invoicing({
        method: 'POST',
        path: '/api/v1/guardians/verify_guardians/',
        identity: ctx.guardian,
        body: { guardian_ids: input.guardianIds },
        schema: verifyGuardiansResultSchema,
      }),
    ),
  ),

  /** Notifications has no service yet: the call is accepted (CSRF-checked) and refused. */
  openNotification: guardianProcedure.input(openNotificationInputSchema).mutation(() => {
    throw new TRPCError({
      code: 'NOT_IMPLEMENTED',
      message: 'Esta función aún no está disponible.',
      cause: new SpanishError('Esta función aún no está disponible.'),
    });
  }),
});
