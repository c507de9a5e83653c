import { z } from 'zod';
import { staffRoleSchema } from '@cuota/contracts/enrolment/entities';
import { permissionSchema } from '@cuota/contracts/access/permissions';
import {
  createAdminSchema,
  schoolAdminSchema,
  staffInvitationSchema,
} from '@cuota/contracts/enrolment/staff';

/** A staff password: at least this long (a passphrase beats symbols), at most 200. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const staffPasswordSchema = z
  .string()
  .min(
    STAFF_PASSWORD_MIN_LENGTH,
    `La contraseña debe tener al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`,
  )
  .max(200, 'La contraseña puede tener hasta 200 caracteres.');

const schoolId = z.uuid('Elige una escuela válida.');
const name = z.string().trim().min(1, 'Escribe el nombre.').max(120, 'Máximo 120 caracteres.');
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s-]{8,20}$/, 'Escribe un teléfono de 10 dígitos (puede llevar lada).');

/**
 * POST /api/v1/users/: a member added to the school named in the body, the same command as
 * POST /api/v1/dashboard/schools/{id}/admins/ (what it answers is the same too).
 */
export const createStaffUserSchema = createAdminSchema.extend({ school_id: schoolId });
export type CreateStaffUser = z.infer<typeof createStaffUserSchema>;

/** GET /api/v1/users/{id}/: a staff user and the memberships the caller may see. */
export const staffUserProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  memberships: z.array(
    z.object({
      school_id: z.string(),
      school_name: z.string(),
      role: staffRoleSchema,
      permissions: z.array(permissionSchema),
    }),
  ),
  created_at: z.string(),
});
export type StaffUserProfile = z.infer<typeof staffUserProfileSchema>;

/** PUT /api/v1/users/{id}/: the whole of what a user edits of themself (e-mail is their sign-in). */
export const replaceStaffUserSchema = z.strictObject({
  name,
  phone: phone.nullable().default(null),
});
export type ReplaceStaffUser = z.infer<typeof replaceStaffUserSchema>;

/** PATCH /api/v1/users/{id}/: any of name and phone; a new password needs the current one. */
export const patchStaffUserSchema = z
  .strictObject({
    name: name.optional(),
    phone: phone.nullable().optional(),
    current_password: z.string().min(1, 'Escribe tu contraseña actual.').max(200).optional(),
    new_password: staffPasswordSchema.optional(),
  })
  .refine((v) => (v.current_password === undefined) === (v.new_password === undefined), {
    message: 'Para cambiar la contraseña escribe la actual y la nueva.',
    path: ['new_password'],
  });
export type PatchStaffUser = z.infer<typeof patchStaffUserSchema>;

/** POST /api/v1/users/email/: sends a member's pending invitation again (ADR 0013). */
export const resendInvitationSchema = z.strictObject({
  school_id: schoolId,
  email: z.string().trim().toLowerCase().email('Escribe un correo electrónico válido.').max(200),
});
export type ResendInvitation = z.infer<typeof resendInvitationSchema>;

export const resentInvitationSchema = z.object({
  admin: schoolAdminSchema,
  invitation: staffInvitationSchema,
});

/** What an invitation token looks like (32 random bytes, base64url); anything else is unknown. */
export const invitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Este enlace de invitación no es válido.');

/**
 * Browser → BFF: POST /api/auth/invitation (and BFF → enrolment:
 * POST /internal/staff/invitations/redeem): the invited member sets their name and password.
 */
export const redeemInvitationSchema = z.strictObject({
  token: invitationTokenSchema,
  name,
  password: staffPasswordSchema,
});
export type RedeemInvitation = z.infer<typeof redeemInvitationSchema>;

/** What the invitation page says when the link cannot be used (nothing is written then). */
export const INVITATION_UNUSABLE =
  'Este enlace de invitación ya no sirve: venció, ya se usó o no existe. Pide a tu escuela que te envíe uno nuevo.';

/** A password-reset link stops working this long after it was sent. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/**
 * Browser → BFF: POST /api/auth/password-reset (and BFF → enrolment:
 * POST /internal/staff/password-resets): who forgot their password.
 */
export const requestPasswordResetSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email('Escribe un correo electrónico válido.').max(200),
});
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

/** The same words whether or not the e-mail belongs to someone (nobody learns who has an account). */
export const PASSWORD_RESET_REQUESTED =
  'Si el correo pertenece a alguien del personal, le enviamos un enlace para elegir una contraseña nueva. Revisa tu bandeja de entrada; el enlace vence en una hora.';
export const passwordResetRequestedSchema = z.object({ message: z.string() });

/**
 * Browser → BFF: POST /api/auth/password-reset/confirm (and BFF → enrolment:
 * POST /internal/staff/password-resets/redeem): the link's token and the new password.
 */
export const resetPasswordSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Este enlace no es válido.'),
  password: staffPasswordSchema,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** What the reset page says when the link cannot be used (nothing is written then). */
export const PASSWORD_RESET_UNUSABLE =
  'Este enlace para cambiar la contraseña ya no sirve: venció, ya se usó o no existe. Pide uno nuevo.';
