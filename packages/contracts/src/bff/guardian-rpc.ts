import { z } from 'zod';

/**
 * Inputs and results of the portal's tRPC procedures (spec §7) that the contracts of the
 * owning domains do not already define. guardian.me and guardian.featuresToggle answer
 * enrolment's guardianMeSchema and portalFeaturesSchema.
 */

/** guardian.verifyGuardians: sent only with at least one id. */
export const verifyGuardiansInputSchema = z.strictObject({
  guardianIds: z.array(z.string().min(1).max(100)).min(1).max(50),
});
export type VerifyGuardiansInput = z.infer<typeof verifyGuardiansInputSchema>;

/** guardian.verifyGuardians result (spec §3 "RFC verification result"). */
export const guardianVerificationSchema = z.object({ guardian_id: z.string(), valid: z.boolean() });
export const verifyGuardiansResultSchema = z.array(guardianVerificationSchema);
export type VerifyGuardiansResult = z.infer<typeof verifyGuardiansResultSchema>;

/**
 * What the BFF sends the invoicing service for guardian.verifyGuardians:
 * POST /api/v1/guardians/verify_guardians/ with the guardian's identity token.
 */
export const verifyGuardiansRequestSchema = z.strictObject({
  guardian_ids: z.array(z.string()).min(1).max(50),
});

/** guardian.openNotification */
export const openNotificationInputSchema = z.strictObject({
  notificationId: z.string().min(1).max(100),
});
