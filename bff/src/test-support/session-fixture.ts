import request from 'supertest';
import type { GuardianIdentity, StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { guardianState, staffState } from '../identity/signed-in-states';
import type { SignedInState } from '../session/session-data';
import { sessionCookieOf, sessionIdOf } from './session-cookie';
import type { TestBff } from './test-bff';

/**
 * A browser whose session (in the real Redis) holds a given signed-in state: for proxy
 * mechanics against stand-in services that have no users. Sign-in itself is tested end to
 * end against the real enrolment service.
 */
export async function browserSignedInAs(bff: TestBff, state: SignedInState) {
  const agent = request.agent(bff.app);
  const res = await agent.get('/api/auth/csrf').expect(200);
  const cookie = sessionCookieOf(res)!;
  const key = `${bff.config.redisPrefix}sess:${sessionIdOf(cookie)}`;
  const session = JSON.parse((await bff.deps.sessionRedis.get(key))!) as Record<string, unknown>;
  await bff.deps.sessionRedis.set(key, JSON.stringify({ ...session, auth: state }), {
    expiration: { type: 'EX', value: 600 },
  });
  return { agent, cookie, csrfToken: res.body.csrfToken as string };
}

export const aStaffUser: StaffIdentity = {
  id: 'staff-1',
  name: 'Laura Méndez',
  email: 'laura@colegio.mx',
  memberships: [{ school_id: 'school-1', school_name: 'Colegio Prueba', role: 'OWNER' }],
};

export const aGuardian: GuardianIdentity = {
  id: 'guardian-1',
  first_name: 'Mariana',
  last_name: 'López',
  email: 'mariana@correo.mx',
  guardian_hash: 'Zx8_kP2qLmN4vR7tYw1aBc3dEf5gHi6jKl9mNo0pQrS',
  onboarding_stage: 'COMPLETED',
  fraud_status: 'no_risk',
  schools: [{ id: 'school-1', name: 'Colegio Prueba' }],
};

export const staffSession = () => staffState(aStaffUser);
export const guardianSession = () => guardianState(aGuardian);
