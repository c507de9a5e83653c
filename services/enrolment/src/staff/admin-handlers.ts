import {
  addAdmin,
  changeAdminPermissions,
  changeAdminRole,
  findSchoolUserByEmail,
  getMyAdmin,
  getUserPermissions,
  listAdmins as listAdminsEndpoint,
  listSchoolUsers,
  listSchoolUsersByRole,
  removeAdmin as removeAdminEndpoint,
  UNKNOWN_ADMIN,
} from '@cuota/contracts/enrolment/endpoints/staff';
import { membershipMayCall } from '@cuota/contracts/access/access';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { implement, NO_GRANT_MESSAGE } from '@cuota/service-runtime/http/endpoint-handlers';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import type { EnrolmentContext } from '../enrolment-db';
import type { MembershipRow } from '../memberships/membership-repository';
import { addMember } from './add-member';
import type { Actor } from './admin-rules';
import { changePermissions } from './change-permissions';
import { changeRole } from './change-role';
import type { SendInvitation } from './invitation-mail';
import { effectivePermissions } from './membership-grant';
import { removeAdmin } from './remove-admin';
import { adminByEmail, adminOf, listAdmins } from './school-staff-repository';
import { actorIn, lockedMember, NOT_STAFF_ANYMORE } from './staff-actor';
import { staffCaller } from './staff-caller';

type MemberChange = (tx: Executor, member: MembershipRow, actor: Actor) => Promise<unknown>;

/** A school's staff: listing, adding, changing and removing members, and their permissions. */
export function adminHandlers({ db }: EnrolmentContext, sendInvitation: SendInvitation) {
  /** Changes the path's member as the caller's membership, as stored now, allows. */
  const changeMember = (
    { params, caller }: { params: { id: string; admin: string }; caller: IdentityClaims },
    change: MemberChange,
  ) =>
    db.transaction(async (tx) => {
      const actor = await actorIn(tx, params.id, staffCaller(caller).user_id);
      await change(tx, await lockedMember(tx, params.id, params.admin), actor);
    });

  const memberAnswer = async (schoolId: string, userId: string) => {
    const admin = await adminOf(db, schoolId, userId);
    if (!admin) throw notFound(UNKNOWN_ADMIN);
    return admin;
  };

  return [
    implement(listAdminsEndpoint, ({ params, query }) => listAdmins(db, params.id, query)),

    implement(getMyAdmin, async ({ params, caller }) => {
      const me = await adminOf(db, params.id, staffCaller(caller).user_id);
      if (!me) throw notFound(NOT_STAFF_ANYMORE);
      return me;
    }),

    implement(addAdmin, ({ params, body, caller, once }) =>
      addMember(db, once, sendInvitation, params.id, staffCaller(caller).user_id, body),
    ),

    implement(changeAdminRole, async (call) => {
      await changeMember(call, (tx, member, actor) => changeRole(tx, member, call.body, actor));
      return memberAnswer(call.params.id, call.params.admin);
    }),

    implement(changeAdminPermissions, async (call) => {
      await changeMember(call, (tx, member, actor) =>
        changePermissions(tx, member, call.body, actor),
      );
      return memberAnswer(call.params.id, call.params.admin);
    }),

    implement(removeAdminEndpoint, async (call) => {
      await changeMember(call, (tx, member, actor) => removeAdmin(tx, member, actor));
    }),

    implement(listSchoolUsers, ({ params, query }) => listAdmins(db, params.id, query)),

    implement(findSchoolUserByEmail, async ({ params, query }) => {
      const admin = await adminByEmail(db, params.id, query.email);
      if (!admin) throw notFound(UNKNOWN_ADMIN);
      return admin;
    }),

    implement(listSchoolUsersByRole, ({ params, query }) => listAdmins(db, params.id, query)),

    /** Oneself always; anyone else's needs what listing the school's users needs. */
    implement(getUserPermissions, async ({ params, caller }) => {
      const staff = staffCaller(caller);
      // The mount found the caller's membership in the path's school.
      const mine = staff.memberships.find((m) => m.school_id === params.id)!;
      if (params.user !== staff.user_id && !membershipMayCall(listSchoolUsers.access, mine))
        throw forbidden(NO_GRANT_MESSAGE);
      const admin = await memberAnswer(params.id, params.user);
      return {
        user_id: admin.id,
        school_id: admin.school_id,
        role: admin.role,
        permissions: admin.permissions,
        role_permissions: effectivePermissions({ role: admin.role }),
        custom_permissions: admin.custom_permissions,
      };
    }),
  ];
}
