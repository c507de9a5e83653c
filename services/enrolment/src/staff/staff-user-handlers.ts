import {
  authenticateStaff as authenticateEndpoint,
  createStaffUser,
  getMe,
  getStaffUser,
  listAdmins,
  patchStaffUser,
  redeemInvitation as redeemEndpoint,
  redeemPasswordReset as redeemResetEndpoint,
  replaceStaffUser,
  requestPasswordReset,
  resendInvitation,
  UNKNOWN_USER,
} from '@cuota/contracts/enrolment/endpoints/staff';
import { membershipMayCall } from '@cuota/contracts/access/access';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { forbidden, HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import type { EnrolmentContext } from '../enrolment-db';
import { schoolsOfMember } from '../memberships/membership-repository';
import { addMember } from './add-member';
import { mailInvitation, type SendInvitation } from './invitation-mail';
import { issuePasswordReset } from './issue-password-reset';
import type { SendPasswordReset } from './password-reset-mail';
import { redeemInvitation } from './redeem-invitation';
import { redeemPasswordReset } from './redeem-password-reset';
import { reissueInvitation } from './reissue-invitation';
import { adminOf } from './school-staff-repository';
import { actorIn } from './staff-actor';
import { staffCaller } from './staff-caller';
import { authenticateStaff, staffIdentity, staffUserProfile } from './staff-directory';
import { updateOwnProfile, USER_GONE } from './update-own-profile';

const ONLY_YOURSELF = 'Solo puedes editar tu propio perfil.';

/** PUT and PATCH are the user's own: anyone else's id is refused whether it exists or not. */
function ownId(caller: IdentityClaims, id: string): string {
  const staff = staffCaller(caller);
  if (id !== staff.user_id) throw forbidden(ONLY_YOURSELF);
  return id;
}

/**
 * Staff users as people (spec "users"): adding one to a school, reading a profile, a user
 * editing themself, re-sending an invitation (ADR 0013); and the BFF's sign-in look-ups.
 */
export function staffUserHandlers(
  { db }: EnrolmentContext,
  sendInvitation: SendInvitation,
  sendPasswordReset: SendPasswordReset,
) {
  const ownProfile = async (userId: string) => {
    const me = await staffUserProfile(db, userId, 'all');
    if (!me) throw notFound(USER_GONE);
    return me;
  };

  return [
    implement(createStaffUser, ({ body: { school_id, ...input }, caller, once }) =>
      addMember(db, once, sendInvitation, school_id, staffCaller(caller).user_id, input),
    ),

    implement(resendInvitation, async ({ body: { school_id, email }, caller }) => {
      const actorId = staffCaller(caller).user_id;
      const issued = await db.transaction(async (tx) =>
        reissueInvitation(tx, school_id, email, await actorIn(tx, school_id, actorId)),
      );
      const admin = (await adminOf(db, school_id, issued.userId))!;
      const invitation = { token: issued.token, expires_at: issued.expires_at };
      await mailInvitation(db, sendInvitation, school_id, admin, invitation);
      return { admin, invitation };
    }),

    implement(getMe, async ({ caller }) => {
      const identity = await staffIdentity(db, staffCaller(caller).user_id);
      if (!identity) throw notFound(USER_GONE);
      return identity;
    }),

    /** Someone else: only the memberships of schools where the caller may read the staff. */
    implement(getStaffUser, async ({ params, caller }) => {
      const staff = staffCaller(caller);
      if (params.id === staff.user_id) return ownProfile(params.id);
      const readable = staff.memberships
        .filter((m) => membershipMayCall(listAdmins.access, m))
        .map((m) => m.school_id);
      const shared = await schoolsOfMember(db, params.id, readable);
      const profile = await staffUserProfile(db, params.id, shared);
      if (!profile) throw notFound(UNKNOWN_USER);
      return profile;
    }),

    implement(replaceStaffUser, async ({ params, body, caller }) => {
      const userId = ownId(caller, params.id);
      await db.transaction((tx) => updateOwnProfile(tx, userId, body));
      return ownProfile(userId);
    }),

    implement(patchStaffUser, async ({ params, body, caller }) => {
      const userId = ownId(caller, params.id);
      await db.transaction((tx) => updateOwnProfile(tx, userId, body));
      return ownProfile(userId);
    }),

    implement(authenticateEndpoint, async ({ body }) => {
      const identity = await authenticateStaff(db, body);
      if (!identity)
        throw new HttpError(401, 'UNAUTHENTICATED', 'El correo o la contraseña no son correctos.');
      return identity;
    }),

    /** BFF → enrolment: the invitation page's name and password (POST /api/auth/invitation). */
    implement(redeemEndpoint, async ({ body }) => {
      const userId = await db.transaction((tx) => redeemInvitation(tx, body));
      return (await staffIdentity(db, userId))!;
    }),

    /**
     * BFF → enrolment: «¿Olvidaste tu contraseña?». The answer leaves before the mail, so
     * an unknown e-mail and a known one take the same time.
     */
    implement(requestPasswordReset, async ({ body }) => {
      const reset = await db.transaction((tx) => issuePasswordReset(tx, body.email));
      if (reset) void sendPasswordReset(reset);
    }),

    /** BFF → enrolment: the reset page's new password (POST /api/auth/password-reset/confirm). */
    implement(redeemResetEndpoint, async ({ body }) => {
      const userId = await db.transaction((tx) => redeemPasswordReset(tx, body));
      return (await staffIdentity(db, userId))!;
    }),
  ];
}
