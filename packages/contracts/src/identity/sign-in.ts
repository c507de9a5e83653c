import { z } from 'zod';
import {
  onboardingStageSchema,
  riskLevelSchema,
  schoolSummarySchema,
  staffRoleSchema,
} from '@cuota/contracts/enrolment/entities';
import { permissionSchema } from '@cuota/contracts/access/permissions';

/** Enrolment → BFF: who a guardianHash belongs to (GET /internal/guardians/by-hash/{hash}). */
export const guardianIdentitySchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  guardian_hash: z.string(),
  onboarding_stage: onboardingStageSchema,
  fraud_status: riskLevelSchema,
  schools: z.array(schoolSummarySchema),
});
export type GuardianIdentity = z.infer<typeof guardianIdentitySchema>;

/** BFF → enrolment: POST /internal/staff/authenticate. */
export const staffCredentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email('Escribe un correo electrónico válido.'),
  password: z.string().min(1, 'Escribe tu contraseña.').max(200),
});
export type StaffCredentials = z.infer<typeof staffCredentialsSchema>;
/** Browser → BFF: the same fields, and nothing else (POST /api/v1/users/auth/, the staff provider). */
export const staffSignInSchema = z.strictObject(staffCredentialsSchema.shape);

export const staffIdentitySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  memberships: z.array(
    z.object({
      school_id: z.string(),
      school_name: z.string(),
      role: staffRoleSchema,
      /** Effective permissions in that school (enrolment always answers them). */
      permissions: z.array(permissionSchema).optional(),
    }),
  ),
  /** Cuota's own operator (ADR 0045): signed into the identity token's claim of that name. */
  platform_operator: z.literal(true).optional(),
});
export type StaffIdentity = z.infer<typeof staffIdentitySchema>;

/** Portal: POST /api/v1/guardians/login/send_code/ and …/verify_code/. */
export const sendCodeSchema = z.strictObject({ guardian_hash: z.string().min(16).max(128) });
export const verifyCodeSchema = z.strictObject({
  guardian_hash: z.string().min(16).max(128),
  code: z.string().regex(/^\d{6}$/, 'El código tiene 6 dígitos.'),
});

export const LOGIN_CODE_TTL_SECONDS = 600;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
