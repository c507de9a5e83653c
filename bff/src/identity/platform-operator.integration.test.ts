import {
  startBffWithEchoPayments,
  type BffWithEchoPayments,
} from '../test-support/bff-on-enrolment';
import { signInStaff } from '../test-support/sign-in';

/**
 * Cuota's platform operator (ADR 0045) signs in like staff and reaches the backoffice rows no
 * school role reaches: the claim comes from enrolment's user, never from a membership.
 */
let h: BffWithEchoPayments;
const CREDENTIALS = '/backoffice/gateway_credentials/';

beforeAll(async () => {
  h = await startBffWithEchoPayments();
}, 120_000);
afterAll(() => h?.stop());

const signIn = (email: string) => signInStaff(h.bff, email, h.enrolment.demo.staff_password);

test('the demo operator reaches the credential rows, carrying the claim and no school', async () => {
  const { agent } = await signIn(h.enrolment.demo.operator_email);
  const res = await agent.get(CREDENTIALS).expect(200);
  expect(res.body.identity).toMatchObject({
    kind: 'staff',
    platform_operator: true,
    memberships: [],
  });
});

test("a school's owner is refused before h.payments hears of it", async () => {
  const owner = h.enrolment.demo.staff.find((s) => s.role === 'OWNER')!;
  const { agent } = await signIn(owner.email);
  const calls = h.payments.calls.length;
  const res = await agent.get(CREDENTIALS).expect(403);
  expect(res.body.error.message).toBe('Tu cuenta no tiene acceso a esta sección.');
  expect(h.payments.calls).toHaveLength(calls);
});

test('revoked, the same user signs in as staff without the claim', async () => {
  await h.enrolment.query('UPDATE staff_users SET platform_operator = false WHERE email = $1', [
    h.enrolment.demo.operator_email,
  ]);
  const { agent } = await signIn(h.enrolment.demo.operator_email);
  await agent.get(CREDENTIALS).expect(403);
  await h.enrolment.query('UPDATE staff_users SET platform_operator = true WHERE email = $1', [
    h.enrolment.demo.operator_email,
  ]);
});

test('the payin redirect row: the operator reaches payments; an owner is refused before it', async () => {
  const row = `/backoffice/payins/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/redirect/`;
  const operator = await signIn(h.enrolment.demo.operator_email);
  const reached = await operator.agent.get(row).expect(200); // the stand-in echoes the call
  expect(reached.body.identity).toMatchObject({ platform_operator: true, memberships: [] });
  const owner = h.enrolment.demo.staff.find((s) => s.role === 'OWNER')!;
  const { agent } = await signIn(owner.email);
  const calls = h.payments.calls.length;
  await agent.get(row).expect(403);
  expect(h.payments.calls).toHaveLength(calls);
});
