import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { startOidcSandbox, type OidcSandbox } from './oidc-sandbox.ts';

let sandbox: OidcSandbox;
beforeAll(async () => {
  sandbox = await startOidcSandbox({ port: 0, clientIds: ['cuota-app'] });
});
afterAll(() => sandbox.stop());

const json = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${sandbox.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Checks a token against the published JWKS with nothing but node:crypto. */
async function claimsOf(token: string): Promise<Record<string, unknown>> {
  const { body } = await json('/jwks');
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
  const jwk = (body.keys as (JsonWebKey & { kid: string })[]).find((k) => k.kid === kid)!;
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    key,
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

test('discovery names the issuer and the JWKS, which holds only a public key', async () => {
  const { body } = await json('/.well-known/openid-configuration');
  expect(body).toMatchObject({ issuer: sandbox.url, jwks_uri: sandbox.jwksUrl });
  const jwks = await json('/jwks');
  const [key] = jwks.body.keys as Record<string, unknown>[];
  expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  expect(key!.d).toBeUndefined();
});

test('the control route issues a signed ID token for an e-mail and a client', async () => {
  const { status, body } = await json('/_sandbox/id-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'Mama@Ejemplo.mx', aud: 'cuota-app', expires_in: -60 }),
  });
  expect(status).toBe(200);
  const claims = await claimsOf(body.id_token as string);
  expect(claims).toMatchObject({
    iss: sandbox.url,
    aud: 'cuota-app',
    email: 'mama@ejemplo.mx',
    email_verified: true,
  });
  expect(claims.exp as number).toBeLessThan(Date.now() / 1000);
});

test('the sign-in page sends the token back in the fragment, with state and nonce', async () => {
  const page = await fetch(`${sandbox.url}/authorize?client_id=cuota-app&state=s1`);
  expect(await page.text()).toContain('name="state" value="s1"');
  const res = await fetch(`${sandbox.url}/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      email: 'papa@ejemplo.mx',
      client_id: 'cuota-app',
      redirect_uri: 'cuota://auth',
      state: 's1',
      nonce: 'n1',
    }),
  });
  expect(res.status).toBe(303);
  const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
  expect(fragment.get('state')).toBe('s1');
  expect(await claimsOf(fragment.get('id_token')!)).toMatchObject({
    email: 'papa@ejemplo.mx',
    nonce: 'n1',
  });
});

test('an unknown client gets no token', async () => {
  const res = await fetch(`${sandbox.url}/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      email: 'papa@ejemplo.mx',
      client_id: 'otra-app',
      redirect_uri: 'cuota://auth',
    }),
  });
  expect(res.status).toBe(400);
});
