// Signs a staff member in through the BFF (POST /api/v1/users/auth/, JSON, no CSRF token)
// and returns the session cookie, as the dashboard's sign-in does.
export async function signInStaff(
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await fetch(new URL('/api/v1/users/auth/', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`staff sign-in → ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** The CSRF token a signed-in caller's mutations carry (`x-csrf-token`), as the dashboard asks. */
export async function csrfTokenFor(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(new URL('/api/auth/csrf', baseUrl), { headers: { cookie } });
  if (!response.ok) throw new Error(`csrf → ${response.status}`);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}
