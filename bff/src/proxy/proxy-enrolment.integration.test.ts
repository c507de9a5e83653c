import { SignJWT, generateKeyPair } from 'jose';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import { signInGuardian } from '../test-support/sign-in';
import type { TestBff } from '../test-support/test-bff';

let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ bff, enrolment, stop } = await startBffOnEnrolment());
}, 60_000);
afterAll(() => stop?.());

const guardian = () => ({
  hash: enrolment.demo.guardian_hash,
  email: enrolment.demo.guardian_email,
});

test('through the proxy, a guardian reads their own record with the token the BFF signs', async () => {
  const { agent } = await signInGuardian(bff, guardian());
  const res = await agent.get('/api/v1/guardians/me/').expect(200);
  expect(res.body).toEqual(
    await enrolment.asGuardian('/api/v1/guardians/me/', enrolment.demo.guardian_id),
  );
});

test('enrolment itself refuses a call without a token, or with one the BFF did not sign', async () => {
  const bare = await fetch(new URL('/api/v1/guardians/me/', enrolment.url));
  expect(bare.status).toBe(401);
  const { privateKey } = await generateKeyPair('ES256');
  const forged = await new SignJWT({
    cuota: { kind: 'guardian', guardian_id: enrolment.demo.guardian_id, school_ids: [] },
  })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer('cuota-bff')
    .setAudience('cuota-services')
    .setExpirationTime('60s')
    .sign(privateKey);
  const res = await fetch(new URL('/api/v1/guardians/me/', enrolment.url), {
    headers: { authorization: `Bearer ${forged}` },
  });
  expect(res.status).toBe(401);
});

test("a guardian cannot reach another family's data through the proxy", async () => {
  const { agent } = await signInGuardian(bff, guardian());
  const res = await agent.get(`/api/v1/guardians/${enrolment.demo.other_guardian_id}/`);
  expect([403, 404]).toContain(res.status);
  expect(res.body.error.message).toEqual(expect.any(String));
  expect(JSON.stringify(res.body)).not.toContain(enrolment.demo.other_guardian_id + '"first_name');
});
