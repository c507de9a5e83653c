import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { Permission } from '@cuota/contracts/enrolment/permissions';
import {
  createdAdminSchema,
  schoolAdminPageSchema,
  schoolAdminSchema,
  type CreateAdminInput,
  type CreatedAdmin,
  type SchoolAdmin,
} from '@cuota/contracts/enrolment/staff';
import { resentInvitationSchema } from '@cuota/contracts/enrolment/staff-users';
import { baseApi } from '@cuota/web-core/api/base-api';
import type { z } from 'zod';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Staff'] });
const adminsPath = (schoolId: string) =>
  `/v1/dashboard/schools/${encodeURIComponent(schoolId)}/admins/`;
const adminPath = (schoolId: string, adminId: string) =>
  `${adminsPath(schoolId)}${encodeURIComponent(adminId)}/`;
const staffTag = (schoolId: string) => [{ type: 'Staff' as const, id: schoolId }];

/** A school's staff is small: one page of up to 200 members is the whole list. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    admins: build.query<z.infer<typeof schoolAdminPageSchema>, string>({
      query: (schoolId) => `${adminsPath(schoolId)}?page_size=200`,
      responseSchema: schoolAdminPageSchema,
      providesTags: (_r, _e, schoolId) => staffTag(schoolId),
    }),
    createAdmin: build.mutation<CreatedAdmin, { schoolId: string; admin: CreateAdminInput }>({
      query: ({ schoolId, admin }) => ({ url: adminsPath(schoolId), method: 'POST', body: admin }),
      responseSchema: createdAdminSchema,
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
    changeRole: build.mutation<SchoolAdmin, { schoolId: string; adminId: string; role: StaffRole }>(
      {
        query: ({ schoolId, adminId, role }) => ({
          url: adminPath(schoolId, adminId),
          method: 'PUT',
          body: { role },
        }),
        responseSchema: schoolAdminSchema,
        invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
      },
    ),
    changePermissions: build.mutation<
      SchoolAdmin,
      { schoolId: string; adminId: string; permissions: Permission[] | null }
    >({
      query: ({ schoolId, adminId, permissions }) => ({
        url: `${adminPath(schoolId, adminId)}permissions/`,
        method: 'PUT',
        body: { permissions },
      }),
      responseSchema: schoolAdminSchema,
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
    /** POST /api/v1/users/email/: a fresh invitation e-mail (the previous link stops working). */
    resendInvitation: build.mutation<unknown, { schoolId: string; email: string }>({
      query: ({ schoolId, email }) => ({
        url: '/v1/users/email/',
        method: 'POST',
        body: { school_id: schoolId, email },
      }),
      responseSchema: resentInvitationSchema,
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
    removeAdmin: build.mutation<void, { schoolId: string; adminId: string }>({
      query: ({ schoolId, adminId }) => ({ url: adminPath(schoolId, adminId), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
  }),
});

export const {
  useAdminsQuery,
  useCreateAdminMutation,
  useChangeRoleMutation,
  useChangePermissionsMutation,
  useRemoveAdminMutation,
  useResendInvitationMutation,
} = staffApi;
