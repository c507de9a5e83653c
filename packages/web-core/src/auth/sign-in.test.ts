/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { signIn, signedIn } from '@cuota/web-core/auth/sign-in';
import { signOut } from '@cuota/web-core/auth/sign-out';
import { jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';

beforeEach(() => forgetCsrfToken());

test('posts the Auth.js form: csrfToken, callbackUrl, json=true and the provider fields', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', '/api/auth/callback/guardian-code', {
      url: 'http://localhost/guardians/abc',
    });

  await signIn('guardian-code', { guardian_hash: 'abc', code: '123456' }, 'http://localhost/x');

  const [request] = network.sent('POST', '/api/auth/callback/guardian-code');
  expect(request!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
  expect(request!.headers.get('x-csrf-token')).toBe('csrf-1');
  expect(Object.fromEntries(new URLSearchParams(await request!.text()))).toEqual({
    csrfToken: 'csrf-1',
    callbackUrl: 'http://localhost/x',
    json: 'true',
    guardian_hash: 'abc',
    code: '123456',
  });
});

test('a successful sign-in answers ok with its url and no error', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/auth/callback/staff-credentials', { url: 'http://localhost/dashboard' });

  const result = await signIn('staff-credentials', { email: 'a@b.mx', password: 'x' });

  expect(result).toEqual({ error: null, status: 200, ok: true, url: 'http://localhost/dashboard' });
  expect(signedIn(result)).toBe(true);
});

test('a failed sign-in takes its error from the url and drops the url (spec §8)', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/auth/callback/guardian-code', () =>
      jsonResponse(
        {
          url: 'http://localhost/api/auth/error?error=CodeLocked',
          error: { code: 'UNAUTHENTICATED', message: 'Demasiados intentos.' },
        },
        { status: 401 },
      ),
    );

  const result = await signIn('guardian-code', { guardian_hash: 'abc', code: '000000' });

  expect(result).toEqual({ error: 'CodeLocked', status: 401, ok: false, url: null });
  expect(signedIn(result)).toBe(false);
});

test('an answer without a url reports the BFF error code', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/auth/callback/guardian-code', () =>
      jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Espera.' } }, { status: 429 }),
    );

  const result = await signIn('guardian-code', { guardian_hash: 'abc', code: '000000' });

  expect(result).toEqual({ error: 'RATE_LIMITED', status: 429, ok: false, url: null });
});

test('signOut posts csrfToken and callbackUrl to /api/auth/signout', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-9' })
    .on('POST', '/api/auth/signout', { url: 'http://localhost/' });

  await signOut('http://localhost/dashboard');

  const body = new URLSearchParams(await network.sent('POST', '/api/auth/signout')[0]!.text());
  expect(body.get('csrfToken')).toBe('csrf-9');
  expect(body.get('callbackUrl')).toBe('http://localhost/dashboard');
});
