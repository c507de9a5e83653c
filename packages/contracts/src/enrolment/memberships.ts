import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '@cuota/contracts/common/pagination';
import {
  schoolKindSchema,
  schoolStatusSchema,
  staffRoleSchema,
} from '@cuota/contracts/enrolment/entities';
import { permissionSchema } from '@cuota/contracts/access/permissions';
import { updateAdminPermissionsSchema } from '@cuota/contracts/enrolment/staff';

/** GET /academic-coordinator/memberships/: one of the caller's own memberships in force. */
export const myMembershipSchema = z.object({
  /** The membership's id (PATCH /backoffice/memberships/{id}/). */
  id: z.string(),
  school_id: z.string(),
  school_name: z.string(),
  role: staffRoleSchema,
  /** Effective permissions: the explicit list, or the role's defaults. */
  permissions: z.array(permissionSchema),
  /** True when an explicit list replaces the role's defaults. */
  custom_permissions: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;
export const myMembershipsSchema = z.array(myMembershipSchema);

/** GET /academic-coordinator/organizations/: what a school switcher shows. */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: schoolKindSchema,
  status: schoolStatusSchema,
  logo_url: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationsSchema = z.array(organizationSchema);

/** GET /api/v1/internal/schools/ (`?status=&search=&page=&page_size=`). */
export const schoolListQuerySchema = pageQuerySchema.extend({
  status: schoolStatusSchema.optional(),
  search: z.string().trim().max(100, 'La búsqueda admite hasta 100 caracteres.').optional(),
});
export type SchoolListQuery = z.infer<typeof schoolListQuerySchema>;

export const schoolListItemSchema = organizationSchema.extend({ created_at: z.string() });
export type SchoolListItem = z.infer<typeof schoolListItemSchema>;
export const schoolListPageSchema = pageSchema(schoolListItemSchema);

/**
 * PATCH /backoffice/memberships/{id}/: only what is sent changes. `permissions: null` goes
 * back to the role's defaults; `active: false` suspends the membership (kept, grants nothing).
 */
export const updateMembershipSchema = z
  .strictObject({
    role: staffRoleSchema.optional(),
    permissions: updateAdminPermissionsSchema.shape.permissions.optional(),
    active: z.boolean('Indica si la membresía está activa (true o false).').optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Indica qué cambiar: role, permissions o active.',
  });
export type UpdateMembership = z.infer<typeof updateMembershipSchema>;
export type UpdateMembershipInput = z.input<typeof updateMembershipSchema>;

/** A membership as the back office sees it after a change. */
export const membershipDetailSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  school_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  permissions: z.array(permissionSchema),
  custom_permissions: z.boolean(),
  active: z.boolean(),
  updated_at: z.string(),
});
export type MembershipDetail = z.infer<typeof membershipDetailSchema>;
