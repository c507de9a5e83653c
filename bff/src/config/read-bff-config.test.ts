import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deriveLoginCodeSecret, parseTrustProxy, readBffConfig } from './read-bff-config';

const env = {
  PORT: '3000',
  PUBLIC_URL: 'http://localhost:3000/',
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_PREFIX: 'cuota:',
  SESSION_SECRET: 'nuevo-secreto-de-sesion-0001, viejo-secreto-de-sesion-0002',
  IDENTITY_PRIVATE_JWK: '{"kty":"EC","crv":"P-256","x":"x","y":"y","d":"d"}',
  ENROLMENT_URL: 'http://127.0.0.1:4001',
  BILLING_URL: 'http://127.0.0.1:4002',
  PAYMENTS_URL: 'http://127.0.0.1:4003',
  INVOICING_URL: 'http://127.0.0.1:4004',
  NOTIFICATIONS_URL: 'http://127.0.0.1:4005',
  REMOTE_PORTAL_ENTRY: 'http://127.0.0.1:3001/mf-manifest.json',
  REMOTE_DASHBOARD_ENTRY: 'http://127.0.0.1:3002/mf-manifest.json',
  REMOTE_STORE_ENTRY: 'http://127.0.0.1:3003/mf-manifest.json',
  SHELL_DIST_DIR: '/srv/shell',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Cuota <no-responder@cuota.mx>',
};

test("reads the launcher's environment", () => {
  const config = readBffConfig(env);
  expect(config).toMatchObject({
    port: 3000,
    host: '127.0.0.1',
    siteOrigins: ['http://localhost:3000'],
    nodeEnv: 'development',
    publicUrl: 'http://localhost:3000',
    sessionSecrets: ['nuevo-secreto-de-sesion-0001', 'viejo-secreto-de-sesion-0002'],
    loginCodeSecret: deriveLoginCodeSecret('nuevo-secreto-de-sesion-0001'),
    loginCode: { ttlSeconds: 600, maxAttempts: 5 },
    services: { enrolment: 'http://127.0.0.1:4001' },
    trustProxy: undefined,
  });
  expect(config.loginCodeSecret).not.toContain('nuevo');
});

test('names every missing or malformed variable', () => {
  const { PUBLIC_URL: _p, ...rest } = env;
  expect(() => readBffConfig({ ...rest, SMTP_URL: 'no es url', SESSION_SECRET: 'corto' })).toThrow(
    /PUBLIC_URL[\s\S]*SESSION_SECRET[\s\S]*SMTP_URL/,
  );
});

test.each([
  [undefined, undefined],
  ['1', 1],
  ['true', true],
  ['false', false],
  ['loopback, 10.0.0.0/8', 'loopback, 10.0.0.0/8'],
])('TRUST_PROXY=%s', (value, expected) => {
  expect(parseTrustProxy(value)).toEqual(expected);
});

test('HOST and ALLOWED_ORIGINS: the interface and the extra origins a callbackUrl may name', () => {
  const config = readBffConfig({
    ...env,
    HOST: '0.0.0.0',
    ALLOWED_ORIGINS: 'http://127.0.0.1:3000/, https://portal.colegio.mx,',
  });
  expect(config.host).toBe('0.0.0.0');
  expect(config.siteOrigins).toEqual([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'https://portal.colegio.mx',
  ]);
});

test('OIDC_PROVIDERS: each provider its issuer, JWKS and client id; a typo stops the start', () => {
  const google = {
    issuer: 'https://accounts.google.com',
    jwks_url: 'https://www.googleapis.com/oauth2/v3/certs',
    client_id: 'cuota-app.apps.googleusercontent.com',
  };
  const config = readBffConfig({ ...env, OIDC_PROVIDERS: JSON.stringify({ google }) });
  expect(config.externalProviders).toEqual({
    google: { issuer: google.issuer, jwksUrl: google.jwks_url, clientId: google.client_id },
  });
  expect(readBffConfig(env).externalProviders).toEqual({});
  expect(() =>
    readBffConfig({ ...env, OIDC_PROVIDERS: JSON.stringify({ google: { issuer: 'x' } }) }),
  ).toThrow();
});

test('REMOTE_VERSIONS_FILE fills `[version]`; a file silent about a versioned remote stops the start', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'versions-'));
  const file = path.join(dir, 'versions.json');
  const versioned = {
    ...env,
    REMOTE_STORE_ENTRY: 'http://127.0.0.1:3003/[version]/mf-manifest.json',
  };
  fs.writeFileSync(file, JSON.stringify({ store: 'cf0e413bd67f' }));
  const config = readBffConfig({ ...versioned, REMOTE_VERSIONS_FILE: file });
  expect(config.remotes.store).toBe('http://127.0.0.1:3003/cf0e413bd67f/mf-manifest.json');
  expect(config.remotes.portal).toBe(env.REMOTE_PORTAL_ENTRY);
  expect(() => readBffConfig(versioned)).toThrow(/REMOTE_VERSIONS_FILE/);
  fs.writeFileSync(file, JSON.stringify({ portal: 'f08f58fd5fcb' }));
  expect(() => readBffConfig({ ...versioned, REMOTE_VERSIONS_FILE: file })).toThrow(/store/);
  fs.rmSync(dir, { recursive: true });
});
