import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startEchoService } from '../test-support/echo-service';
import { signInStaff } from '../test-support/sign-in';
import { startTestBff, type TestBff } from '../test-support/test-bff';

/**
 * Cuota's platform operator (ADR 0045) signs in like staff and reaches the backoffice rows no
 * school role reaches: the claim comes from enrolment's user, never from a membership.
 */
let enrolment: EnrolmentUnderTest;
let payments: Awaited<ReturnType<typeof startEchoService>>;
let bff: TestBff;
const CREDENTIALS = '/backoffice/gateway_credentials/';

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEnrolmentUnderTest({ identity });
  // Payments as a stand-in that answers with the identity it was sent.
  payments = await startEchoService(identity.keys.publicJwk);
  bff = await startTestBff({
    identity,
    services: { enrolment: enrolment.url, payments: payments.url },
  });
}, 120_000);
afterAll(async () => {
  await bff?.close();
  await payments?.stop();
  await enrolment?.stop();
});

const signIn = (email: string) => signInStaff(bff, email, enrolment.demo.staff_password);

test('the demo operator reaches the credential rows, carrying the claim and no school', async () => {
  const { agent } = await signIn(enrolment.demo.operator_email);
  const res = await agent.get(CREDENTIALS).expect(200);
  expect(res.body.identity).toMatchObject({
    kind: 'staff',
    platform_operator: true,
    memberships: [],
  });
});

test("a school's owner is refused before payments hears of it", async () => {
  const owner = enrolment.demo.staff.find((s) => s.role === 'OWNER')!;
  const { agent } = await signIn(owner.email);
  const calls = payments.calls.length;
  const res = await agent.get(CREDENTIALS).expect(403);
  expect(res.body.error.message).toBe('Tu cuenta no tiene acceso a esta sección.');
  expect(payments.calls).toHaveLength(calls);
});

test('revoked, the same user signs in as staff without the claim', async () => {
  await enrolment.query('UPDATE staff_users SET platform_operator = false WHERE email = $1', [
    enrolment.demo.operator_email,
  ]);
  const { agent } = await signIn(enrolment.demo.operator_email);
  await agent.get(CREDENTIALS).expect(403);
  await enrolment.query('UPDATE staff_users SET platform_operator = true WHERE email = $1', [
    enrolment.demo.operator_email,
  ]);
});

test('the payin redirect row: the operator reaches payments; an owner is refused before it', async () => {
  const row = `/backoffice/payins/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/redirect/`;
  const operator = await signIn(enrolment.demo.operator_email);
  const reached = await operator.agent.get(row).expect(200); // the stand-in echoes the call
  expect(reached.body.identity).toMatchObject({ platform_operator: true, memberships: [] });
  const owner = enrolment.demo.staff.find((s) => s.role === 'OWNER')!;
  const { agent } = await signIn(owner.email);
  const calls = payments.calls.length;
  await agent.get(row).expect(403);
  expect(payments.calls).toHaveLength(calls);
});
