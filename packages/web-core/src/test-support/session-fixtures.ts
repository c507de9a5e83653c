import type { Session, SessionUser } from '@cuota/contracts/identity/session';

export const GUARDIAN_HASH = 'k3v9Qz7mWp2Lr8Xt5Yb1Nc4Hd6Fg0Js2';

export function guardianSession(user: Partial<SessionUser> = {}): Session {
  return {
    user: {
      id: 'guardian-1',
      kind: 'guardian',
      name: 'María López',
      email: 'maria@example.mx',
      guardian_hash: GUARDIAN_HASH,
      onboarding_stage: 'COMPLETED',
      fraud_status: 'no_risk',
      schools: [{ id: 'school-1', name: 'Colegio Montessori del Valle' }],
      memberships: [],
      ...user,
    },
    expires: '2030-01-01T00:00:00.000Z',
  };
}

export function staffSession(user: Partial<SessionUser> = {}): Session {
  return {
    user: {
      id: 'user-1',
      kind: 'staff',
      name: 'Ana Torres',
      email: 'ana@colegio.mx',
      guardian_hash: null,
      onboarding_stage: 'COMPLETED',
      fraud_status: 'no_risk',
      schools: [{ id: 'school-1', name: 'Colegio Montessori del Valle' }],
      memberships: [{ school_id: 'school-1', role: 'OWNER' }],
      ...user,
    },
    expires: '2030-01-01T00:00:00.000Z',
  };
}
