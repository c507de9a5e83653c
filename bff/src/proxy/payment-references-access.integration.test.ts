import request from 'supertest';
import {
  postAsEachStaff,
  startBffWithEchoPayments,
  type BffWithEchoPayments,
} from '../test-support/bff-on-enrolment';
import { signInGuardian } from '../test-support/sign-in';

/**
 * A SPEI reference or a cash voucher (ADR 0089) is the family's own: the BFF lets a signed-in
 * guardian's request through to payments and refuses every staff role and anyone signed out
 * before payments hears of it.
 */
let h: BffWithEchoPayments;

beforeAll(async () => {
  h = await startBffWithEchoPayments();
}, 120_000);
afterAll(() => h?.stop());

const PATH = '/api/v1/kushki_checkout/preferences/';
const body = () => ({
  school_id: h.enrolment.demo.school_id,
  method: 'transfer',
  order_ids: ['00000000-0000-4000-8000-00000000beef'],
});
const reached = () => h.payments.calls.filter((c) => c.url === PATH).length;

test('a guardian asks for a SPEI reference: it reaches payments as that guardian', async () => {
  const { agent, csrfToken } = await signInGuardian(h.bff, {
    hash: h.enrolment.demo.guardian_hash,
    email: h.enrolment.demo.guardian_email,
  });
  const before = reached();
  const res = await agent
    .post(PATH)
    .set('x-csrf-token', csrfToken)
    .set('idempotency-key', 'referencia-0001')
    .send(body());
  expect(res.status).toBe(200); // the echo's answer: the BFF forwarded it
  expect(reached()).toBe(before + 1);
  expect(res.body.identity).toMatchObject({
    kind: 'guardian',
    guardian_id: h.enrolment.demo.guardian_id,
  });
});

test('every staff role is refused (403, Spanish) and payments never hears of it', async () => {
  const before = reached();
  for (const { role, res } of await postAsEachStaff(h, PATH, body(), 'referencia')) {
    expect([role, res.status]).toEqual([role, 403]);
    expect(res.body.error.message).toEqual(expect.any(String));
  }
  const anonymous = await request(h.bff.app).post(PATH).send(body());
  expect([401, 403]).toContain(anonymous.status);
  expect(reached()).toBe(before);
});
