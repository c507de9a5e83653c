import { z } from 'zod';
import { staffRoleSchema } from '../enrolment/entities';

/**
 * What the BFF vouches for when it calls a service: carried as a short-lived JWT
 * (`Authorization: Bearer …`, claim `cuota`) signed with the BFF's private key.
 */
export const membershipSchema = z.object({ school_id: z.string(), role: staffRoleSchema });
export type Membership = z.infer<typeof membershipSchema>;

export const identityClaimsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('guardian'),
    guardian_id: z.string(),
    school_ids: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('staff'),
    user_id: z.string(),
    memberships: z.array(membershipSchema),
  }),
  /** The BFF acting on its own behalf (sign-in look-ups before anyone is signed in). */
  z.object({ kind: z.literal('service'), service: z.string() }),
]);
export type IdentityClaims = z.infer<typeof identityClaimsSchema>;

export const IDENTITY_TOKEN_ISSUER = 'cuota-bff';
export const IDENTITY_TOKEN_AUDIENCE = 'cuota-services';
export const IDENTITY_TOKEN_TTL_SECONDS = 60;
