import { z } from 'zod';
// By specifier, not by path: the shell then provides these two as shared modules, and a
// remote's first screen (the dashboard's menu, its role labels) uses the shell's copies
// instead of loading its own, with its own zod (ADR 0033).
import {
  onboardingStageSchema,
  riskLevelSchema,
  schoolSummarySchema,
  staffRoleSchema,
} from '@cuota/contracts/enrolment/entities';
import { permissionSchema } from '@cuota/contracts/access/permissions';

export const SESSION_STATUSES = ['loading', 'authenticated', 'unauthenticated'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const sessionUserSchema = z.object({
  id: z.string(),
  kind: z.enum(['guardian', 'staff']),
  name: z.string(),
  email: z.string().nullable(),
  guardian_hash: z.string().nullable(),
  onboarding_stage: onboardingStageSchema,
  fraud_status: riskLevelSchema,
  schools: z.array(schoolSummarySchema),
  /**
   * Staff: each membership's effective permissions as the BFF enforces them (the role's
   * defaults or the explicit list that replaces them; absent means the role's defaults).
   */
  memberships: z.array(
    z.object({
      school_id: z.string(),
      role: staffRoleSchema,
      permissions: z.array(permissionSchema).optional(),
    }),
  ),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session (Auth.js shape): the session; signed out, `{}` (as NextAuth v4). */
export const sessionSchema = z.object({ user: sessionUserSchema, expires: z.string() });
export type Session = z.infer<typeof sessionSchema>;

/** Auth.js credential providers Cuota offers. */
export const AUTH_PROVIDERS = {
  guardianCode: 'guardian-code',
  staffCredentials: 'staff-credentials',
} as const;
