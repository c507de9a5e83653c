import type { GuardianIdentity, StaffIdentity } from '@cuota/contracts/identity/sign-in';
import type { SignedInState } from '../session/session-data';

/** A guardian's session: identity for tokens, plus what the Session DTO shows. */
export function guardianState(guardian: GuardianIdentity, now = Date.now()): SignedInState {
  return {
    identity: {
      kind: 'guardian',
      guardian_id: guardian.id,
      school_ids: guardian.schools.map((s) => s.id),
    },
    user: {
      id: guardian.id,
      kind: 'guardian',
      name: `${guardian.first_name} ${guardian.last_name}`.trim(),
      email: guardian.email,
      guardian_hash: guardian.guardian_hash,
      onboarding_stage: guardian.onboarding_stage,
      fraud_status: guardian.fraud_status,
      schools: guardian.schools,
      memberships: [],
    },
    signed_in_at: now,
    refreshed_at: now,
  };
}

/** A staff user's session: memberships travel in tokens and in the Session DTO. */
export function staffState(staff: StaffIdentity, now = Date.now()): SignedInState {
  // Tokens carry each membership's effective permissions, so services honour explicit lists.
  const memberships = staff.memberships.map(({ school_id, role, permissions }) =>
    permissions ? { school_id, role, permissions } : { school_id, role },
  );
  const schools = [
    ...new Map(staff.memberships.map((m) => [m.school_id, m.school_name])).entries(),
  ].map(([id, name]) => ({ id, name }));
  return {
    identity: {
      kind: 'staff',
      user_id: staff.id,
      name: staff.name,
      memberships,
      ...(staff.platform_operator && { platform_operator: true }),
    },
    user: {
      id: staff.id,
      kind: 'staff',
      name: staff.name,
      email: staff.email,
      guardian_hash: null,
      // Guardian-only notions; staff have no onboarding and no fraud assessment.
      onboarding_stage: 'COMPLETED',
      fraud_status: 'no_risk',
      schools,
      // The same lists the tokens carry, so screens disable what the BFF would refuse.
      memberships,
    },
    signed_in_at: now,
    refreshed_at: now,
  };
}
