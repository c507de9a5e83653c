import type { RedeemInvitation, ResetPassword } from '@cuota/contracts/enrolment/staff-users';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { guardianByHash, guardiansByEmail } from '@cuota/contracts/enrolment/endpoints/guardians';
import {
  authenticateStaff,
  getMe,
  redeemInvitation,
  redeemPasswordReset,
  requestPasswordReset,
} from '@cuota/contracts/enrolment/endpoints/staff';
import type {
  GuardianIdentity,
  StaffCredentials,
  StaffIdentity,
} from '@cuota/contracts/identity/sign-in';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { ServiceClient } from '@cuota/service-runtime/http/service-client';

/** The BFF acting for itself: sign-in look-ups happen before anyone is signed in. */
export const BFF_IDENTITY: IdentityClaims = { kind: 'service', service: 'bff' };

/** A guardianHash as links carry it (random, URL-safe); anything else is unknown by definition. */
export const GUARDIAN_HASH_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Who signs in, asked of enrolment (the owner of guardians and staff users). */
export interface EnrolmentDirectory {
  /** null when no guardian has this hash. */
  guardianByHash(hash: string): Promise<GuardianIdentity | null>;
  /** The school's guardians with this e-mail (none, one, or a few sharing it). */
  guardiansByEmail(schoolId: string, email: string): Promise<GuardianIdentity[]>;
  /** null on a wrong e-mail or password (enrolment answers both the same way). */
  authenticateStaff(credentials: StaffCredentials): Promise<StaffIdentity | null>;
  /**
   * An invited member sets their name and password; throws enrolment's Spanish 404 when the
   * link is unknown, expired or used (nothing is written then).
   */
  redeemInvitation(input: RedeemInvitation): Promise<StaffIdentity>;
  /** Enrolment mails a reset link if the e-mail is a staff user's (it answers the same if not). */
  requestPasswordReset(email: string): Promise<void>;
  /** Sets the new password; throws enrolment's Spanish 404 for an unknown, expired or used link. */
  resetPassword(input: ResetPassword): Promise<StaffIdentity>;
  /** The signed-in staff user as enrolment holds them now; null when the user is gone. */
  currentStaff(identity: IdentityClaims): Promise<StaffIdentity | null>;
}

export function createEnrolmentDirectory(enrolment: ServiceClient): EnrolmentDirectory {
  return {
    async guardianByHash(hash) {
      if (!GUARDIAN_HASH_PATTERN.test(hash)) return null;
      return nullOn(404, () =>
        enrolment({ endpoint: guardianByHash, params: { hash }, identity: BFF_IDENTITY }),
      );
    },
    guardiansByEmail(schoolId, email) {
      return enrolment({
        endpoint: guardiansByEmail,
        body: { school_id: schoolId, email },
        identity: BFF_IDENTITY,
      });
    },
    authenticateStaff(credentials) {
      return nullOn(401, () =>
        enrolment({ endpoint: authenticateStaff, identity: BFF_IDENTITY, body: credentials }),
      );
    },
    redeemInvitation(input) {
      return enrolment({ endpoint: redeemInvitation, identity: BFF_IDENTITY, body: input });
    },
    async requestPasswordReset(email) {
      await enrolment({ endpoint: requestPasswordReset, identity: BFF_IDENTITY, body: { email } });
    },
    resetPassword(input) {
      return enrolment({ endpoint: redeemPasswordReset, identity: BFF_IDENTITY, body: input });
    },
    currentStaff(identity) {
      return nullOn(404, () => enrolment({ endpoint: getMe, identity }));
    },
  };
}

async function nullOn<T>(status: number, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError && err.status === status) return null;
    throw err;
  }
}
