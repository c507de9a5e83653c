import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import {
  addAdmin,
  changeAdminPermissions,
  changeAdminRole,
  listAdmins,
  removeAdmin,
  resendInvitation,
} from '@cuota/contracts/enrolment/endpoints/staff';
import type { Permission } from '@cuota/contracts/access/permissions';
import type { CreateAdminInput } from '@cuota/contracts/enrolment/staff';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Staff'] });
const staffTag = (schoolId: string) => [{ type: 'Staff' as const, id: schoolId }];
type OneMember = { schoolId: string; adminId: string };
const member = ({ schoolId, adminId }: OneMember) => ({ id: schoolId, admin: adminId });

/** A school's staff is small: one page of up to 200 members is the whole list. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    admins: build.query({
      ...fromEndpoint(listAdmins, (schoolId: string) => ({
        params: { id: schoolId },
        query: { page_size: 200 },
      })),
      providesTags: (_r, _e, schoolId) => staffTag(schoolId),
    }),
    createAdmin: build.mutation({
      ...fromEndpoint(
        addAdmin,
        ({ schoolId, admin }: { schoolId: string; admin: CreateAdminInput }) => ({
          params: { id: schoolId },
          body: admin,
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
    changeRole: build.mutation({
      ...fromEndpoint(changeAdminRole, (arg: OneMember & { role: StaffRole }) => ({
        params: member(arg),
        body: { role: arg.role },
      })),
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
    changePermissions: build.mutation({
      ...fromEndpoint(
        changeAdminPermissions,
        (arg: OneMember & { permissions: Permission[] | null }) => ({
          params: member(arg),
          body: { permissions: arg.permissions },
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
    /** A fresh invitation e-mail (the previous link stops working). */
    resendInvitation: build.mutation({
      ...fromEndpoint(
        resendInvitation,
        ({ schoolId, email }: { schoolId: string; email: string }) => ({
          params: {},
          body: { school_id: schoolId, email },
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => staffTag(schoolId),
    }),
    removeAdmin: build.mutation({
      ...fromEndpoint(removeAdmin, (arg: OneMember) => ({ params: member(arg) })),
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
