import { z } from 'zod';
import { staffRoleSchema } from '@cuota/contracts/enrolment/entities';
import { permissionSchema } from '@cuota/contracts/access/permissions';

/**
 * What the BFF vouches for when it calls a service: carried as a short-lived JWT
 * (`Authorization: Bearer …`, claim `cuota`) signed with the BFF's private key.
 */
/**
 * `permissions` is the membership's effective list as enrolment answered it (the role's
 * defaults or the explicit list that replaces them); absent means the role's defaults.
 */
export const membershipSchema = z.object({
  school_id: z.string(),
  role: staffRoleSchema,
  permissions: z.array(permissionSchema).optional(),
});
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
    /** What receipts print as the cashier (ADR 0036); absent in older sessions' tokens. */
    name: z.string().optional(),
    memberships: z.array(membershipSchema),
    /**
     * A Cuota employee who operates the platform (ADR 0045): no school role or permission
     * grants it, so no school user has it; absent unless the BFF's sign-in says so.
     */
    platform_operator: z.literal(true).optional(),
  }),
  /** The BFF acting on its own behalf (sign-in look-ups before anyone is signed in). */
  z.object({ kind: z.literal('service'), service: z.string() }),
  /**
   * Someone the BFF let through without a session: a store visitor (the store is embedded in
   * schools' sites) or a gateway's webhook. Services serve such a caller public data only.
   */
  z.object({ kind: z.literal('anonymous') }),
]);

export const ANONYMOUS_IDENTITY: IdentityClaims = { kind: 'anonymous' };
export type IdentityClaims = z.infer<typeof identityClaimsSchema>;
export type StaffClaims = Extract<IdentityClaims, { kind: 'staff' }>;

export const IDENTITY_TOKEN_ISSUER = 'cuota-bff';
export const IDENTITY_TOKEN_AUDIENCE = 'cuota-services';
export const IDENTITY_TOKEN_TTL_SECONDS = 60;
