import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { SystemUnderTest } from './system-under-test';

/** Calls the BFF as a staff member: GET without a body, POST (or `method`) with one; non-2xx throws. */
export type StaffApi = <T = Record<string, unknown>>(
  path: string,
  body?: object,
  method?: 'POST' | 'PUT',
) => Promise<T>;

/** A demo staff member's session through the BFF, as the dashboard's sign-in makes it. */
export async function staffApi(system: SystemUnderTest, role: StaffRole): Promise<StaffApi> {
  const { demo, urls } = system;
  const email = demo.staff.find((s) => s.role === role)!.email;
  const signIn = await fetch(new URL('/api/v1/users/auth/', urls.portal), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demo.staff_password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrf = await fetch(new URL('/api/auth/csrf', urls.portal), { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return async <T>(path: string, body?: object, method: 'POST' | 'PUT' = 'POST') => {
    const res = await fetch(new URL(path, urls.portal), {
      method: body ? method : 'GET',
      headers: {
        cookie,
        'x-csrf-token': csrfToken,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
}
