import {
  listMyMemberships,
  listMyOrganizations,
  UNKNOWN_MEMBERSHIP,
  updateMembership as updateMembershipEndpoint,
} from '@cuota/contracts/enrolment/endpoints/memberships';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { EnrolmentContext } from '../enrolment-db';
import { staffCaller } from '../staff/staff-caller';
import {
  membershipById,
  membershipsInForce,
  membershipWithUser,
  organizationsOf,
} from './membership-repository';
import { toMembershipDetail, toMyMembership } from './membership-view';
import { updateMembership } from './update-membership';

/** The caller's memberships and schools (school switcher), and the back office's update. */
export function membershipHandlers({ db }: EnrolmentContext) {
  return [
    implement(listMyMemberships, async ({ caller }) =>
      (await membershipsInForce(db, staffCaller(caller).user_id)).map(toMyMembership),
    ),

    implement(listMyOrganizations, ({ caller }) =>
      organizationsOf(db, staffCaller(caller).user_id),
    ),

    /**
     * Needs staff.write in the membership's school. Unknown, or in a school the caller is not
     * in: the same 404, nothing leaked.
     */
    implement(updateMembershipEndpoint, async (call) => {
      const target = await membershipById(db, call.params.id);
      if (!target) throw notFound(UNKNOWN_MEMBERSHIP);
      const staff = call.requireStaffOf(target.schoolId, UNKNOWN_MEMBERSHIP);
      await db.transaction((tx) => updateMembership(tx, target, call.body, staff.user_id));
      const updated = (await membershipWithUser(db, target.id))!;
      return toMembershipDetail(updated.membership, updated);
    }),
  ];
}
