import { SignJWT, createLocalJWKSet, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import request from 'supertest';
import { generateIdentityKeys } from '@cuota/service-runtime/identity/identity-token';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff();
});
afterAll(() => bff.close());

const claims = { kind: 'guardian' as const, guardian_id: 'guardian-1', school_ids: ['school-1'] };
const expected = { issuer: 'cuota-bff', audience: 'cuota-services', algorithms: ['ES256'] };

test("another team's service checks an identity token with the published JWK Set alone", async () => {
  const res = await request(bff.app).get('/auth/.well-known/').expect(200);
  expect(res.body.keys).toHaveLength(1);
  expect(res.body.keys[0]).not.toHaveProperty('d'); // never the private half
  const token = await bff.deps.sign(claims);
  expect(decodeProtectedHeader(token).kid).toBe(res.body.keys[0].kid);

  const { payload } = await jwtVerify(token, createLocalJWKSet(res.body), expected);
  expect(payload.cuota).toEqual(claims);
});

test('the PEM of GET /auth/token/public-key/ verifies the same tokens; a foreign key does not', async () => {
  const res = await request(bff.app).get('/auth/token/public-key/').expect(200);
  const jwks = await request(bff.app).get('/auth/.well-known/').expect(200);
  expect(res.body).toMatchObject({
    algorithm: 'ES256',
    key_id: jwks.body.keys[0].kid,
    jwk: jwks.body.keys[0],
    issuer: 'cuota-bff',
    audience: 'cuota-services',
  });
  expect(JSON.stringify(res.body)).not.toContain('"d"');
  const key = await importSPKI(res.body.public_key, 'ES256');
  await expect(jwtVerify(await bff.deps.sign(claims), key, expected)).resolves.toBeDefined();

  const foreign = await generateIdentityKeys();
  const forged = await new SignJWT({ cuota: claims })
    .setProtectedHeader({ alg: 'ES256', kid: res.body.key_id })
    .setIssuer('cuota-bff')
    .setAudience('cuota-services')
    .setExpirationTime('1m')
    .sign(foreign.privateJwk);
  await expect(jwtVerify(forged, key, expected)).rejects.toThrow();
  await expect(jwtVerify(forged, createLocalJWKSet(jwks.body), expected)).rejects.toThrow();
});
