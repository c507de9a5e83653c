import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '@cuota/contracts/common/pagination';
import { staffRoleSchema } from '@cuota/contracts/enrolment/entities';
import {
  PERMISSIONS,
  permissionSchema,
  type Permission,
} from '@cuota/contracts/access/permissions';

/** Each permission once, in the matrix's order (how the list is stored and compared). */
const permissionList = z
  .array(permissionSchema)
  .max(PERMISSIONS.length * 2)
  .transform((list) => PERMISSIONS.filter((p) => list.includes(p)) as Permission[]);

/** One member of a school's staff (an "admin" in the specification's words). */
export const schoolAdminSchema = z.object({
  /** The staff user's id (a user may belong to several schools). */
  id: z.string(),
  school_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** Effective permissions: the explicit list, or the role's defaults. */
  permissions: z.array(permissionSchema),
  /** True when an explicit list replaces the role's defaults. */
  custom_permissions: z.boolean(),
  /** The membership's own id (PATCH /backoffice/memberships/{id}/). */
  membership_id: z.string(),
  /** False while suspended: the member keeps the record but may do nothing in the school. */
  active: z.boolean(),
  /** Invited and has not set a password yet (the invitation may have expired: re-send it). */
  invitation_pending: z.boolean(),
  created_at: z.string(),
});
export type SchoolAdmin = z.infer<typeof schoolAdminSchema>;
export const schoolAdminPageSchema = pageSchema(schoolAdminSchema);

/** POST /api/v1/dashboard/schools/{id}/admins/. */
export const createAdminSchema = z.strictObject({
  name: z.string().trim().min(1, 'Escribe el nombre.').max(120),
  email: z.string().trim().toLowerCase().email('Escribe un correo electrónico válido.').max(200),
  role: staffRoleSchema,
  /** An explicit list replaces the role's defaults; absent or null keeps them. */
  permissions: permissionList.nullable().default(null),
});
export type CreateAdmin = z.infer<typeof createAdminSchema>;
/** What a client sends (permissions may be left out). */
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** PUT …/admins/{admin}/: the member's role in this school (their name is their own). */
export const updateAdminSchema = z.strictObject({ role: staffRoleSchema });
export type UpdateAdmin = z.infer<typeof updateAdminSchema>;

/** PUT …/admins/{admin}/permissions/: null goes back to the role's defaults. */
export const updateAdminPermissionsSchema = z.strictObject({
  permissions: permissionList.nullable(),
});
export type UpdateAdminPermissions = z.infer<typeof updateAdminPermissionsSchema>;

/**
 * A one-time set-password token for a new staff user, stored only as a hash. It is e-mailed
 * to the member and answered once to whoever created them, as a fallback (ADR 0013).
 */
export const staffInvitationSchema = z.object({ token: z.string(), expires_at: z.string() });
export const STAFF_INVITATION_TTL_HOURS = 72;

export const createdAdminSchema = z.object({
  admin: schoolAdminSchema,
  /** null when the e-mail already had a staff user (a membership was added). */
  invitation: staffInvitationSchema.nullable(),
});
export type CreatedAdmin = z.infer<typeof createdAdminSchema>;

/** GET …/users/{user}/permissions/: what a member may do here, and why. */
export const userPermissionsSchema = z.object({
  user_id: z.string(),
  school_id: z.string(),
  role: staffRoleSchema,
  permissions: z.array(permissionSchema),
  role_permissions: z.array(permissionSchema),
  custom_permissions: z.boolean(),
});
export type UserPermissions = z.infer<typeof userPermissionsSchema>;

/** GET …/users/ (search by name or e-mail) and GET …/users/by-membership/?role=. */
export const staffListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export const byMembershipQuerySchema = pageQuerySchema.extend({ role: staffRoleSchema });
export const byEmailQuerySchema = z.object({
  email: z.string().trim().toLowerCase().email('Escribe un correo electrónico válido.'),
});
