import { z } from 'zod';
import {
  onboardingStageSchema,
  riskLevelSchema,
  schoolSummarySchema,
  staffRoleSchema,
} from '../enrolment/entities';

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
  memberships: z.array(z.object({ school_id: z.string(), role: staffRoleSchema })),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session (Auth.js shape): the session, or `null` when signed out. */
export const sessionSchema = z.object({ user: sessionUserSchema, expires: z.string() });
export type Session = z.infer<typeof sessionSchema>;

/** Auth.js credential providers Cuota offers. */
export const AUTH_PROVIDERS = {
  guardianCode: 'guardian-code',
  staffCredentials: 'staff-credentials',
} as const;
