import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as NextAuthClient from 'next-auth/react';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { PUBLIC_URL, startTestBff, type TestBff } from '../test-support/test-bff';

/**
 * The spec's auth API is NextAuth v4's, so its real browser client (next-auth/react) must
 * work against the BFF unchanged. It runs here in Node, on a fetch that keeps cookies as a
 * browser does; NEXTAUTH_URL points it at the BFF.
 */
let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let server: Server;
let nextAuth: typeof NextAuthClient;
const realFetch = globalThis.fetch;
const fetchErrors: unknown[] = [];

/** A cookie jar for requests to `origin` (the BFF's own calls to enrolment go untouched). */
function fetchKeepingCookies(origin: string): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.origin !== origin) return realFetch(input, init);
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await realFetch(input, { ...init, headers });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEnrolmentUnderTest({ identity });
  bff = await startTestBff({ identity, services: { enrolment: enrolment.url } });
  server = bff.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.NEXTAUTH_URL = `${origin}/api/auth`;
  globalThis.fetch = fetchKeepingCookies(origin);
  // The client reads NEXTAUTH_URL when it loads, so it loads now.
  nextAuth = await import('next-auth/react');
}, 60_000);
afterAll(async () => {
  globalThis.fetch = realFetch;
  server?.close();
  await bff?.close();
  await enrolment?.stop();
});
beforeEach(() => {
  fetchErrors.length = 0;
  // next-auth logs a failed fetch (CLIENT_FETCH_ERROR) on console.error and answers null.
  jest.spyOn(console, 'error').mockImplementation((...args) => void fetchErrors.push(args));
});
afterEach(() => jest.restoreAllMocks());

const owner = () => enrolment.demo.staff.find((s) => s.role === 'OWNER')!;
const signInOwner = (password: string) =>
  nextAuth.signIn('staff-credentials', {
    email: owner().email,
    password,
    redirect: false,
    callbackUrl: `${PUBLIC_URL}/dashboard`,
  });

test('signed out, getSession answers null without CLIENT_FETCH_ERROR', async () => {
  expect(await nextAuth.getSession()).toBeNull();
  expect(fetchErrors).toEqual([]);
});

test('providers and the CSRF token read as NextAuth v4 reads them', async () => {
  const providers = await nextAuth.getProviders();
  expect(Object.keys(providers ?? {})).toEqual(['guardian-code', 'staff-credentials']);
  expect(await nextAuth.getCsrfToken()).toMatch(/\S{16,}/);
  expect(fetchErrors).toEqual([]);
});

test('a wrong password is CredentialsSignin and leaves nobody signed in', async () => {
  const result = await signInOwner('equivocada');
  expect(result).toMatchObject({ ok: false, status: 401, error: 'CredentialsSignin', url: null });
  expect(await nextAuth.getSession()).toBeNull();
});

test('the right password opens a session the client reads; sign-out ends it', async () => {
  const result = await signInOwner(enrolment.demo.staff_password);
  expect(result).toEqual({ ok: true, status: 200, error: null, url: `${PUBLIC_URL}/dashboard` });

  const session = await nextAuth.getSession();
  expect(session?.user).toMatchObject({ email: owner().email, kind: 'staff' });

  const out = await nextAuth.signOut({ redirect: false, callbackUrl: `${PUBLIC_URL}/` });
  expect(out).toEqual({ url: `${PUBLIC_URL}/` });
  expect(await nextAuth.getSession()).toBeNull();
  expect(fetchErrors).toEqual([]);
});
