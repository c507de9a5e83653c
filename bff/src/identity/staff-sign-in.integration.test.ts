import request from 'supertest';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import { sessionCookieOf } from '../test-support/session-cookie';
import { PUBLIC_URL, type TestBff } from '../test-support/test-bff';

let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ bff, enrolment, stop } = await startBffOnEnrolment());
}, 60_000);
afterAll(() => stop?.());

const owner = () => enrolment.demo.staff.find((s) => s.role === 'OWNER')!;

describe('POST /api/v1/users/auth/ (JSON)', () => {
  test('the right password signs in: a staff session with memberships', async () => {
    const agent = request.agent(bff.app);
    const res = await agent
      .post('/api/v1/users/auth/')
      .send({ email: owner().email.toUpperCase(), password: enrolment.demo.staff_password })
      .expect(200);
    expect(res.body.user).toMatchObject({
      kind: 'staff',
      email: owner().email,
      guardian_hash: null,
      // Effective permissions too: the dashboard disables what the BFF would refuse.
      memberships: expect.arrayContaining([
        {
          school_id: enrolment.demo.school_id,
          role: 'OWNER',
          permissions: expect.arrayContaining(['staff.write', 'imports.write']),
        },
      ]),
      schools: expect.arrayContaining([expect.objectContaining({ id: enrolment.demo.school_id })]),
    });
    expect(sessionCookieOf(res)).toBeDefined();
    expect((await agent.get('/api/auth/session')).body.user.kind).toBe('staff');
  });

  test('a wrong password: 401 in Spanish, no session', async () => {
    const res = await request(bff.app)
      .post('/api/v1/users/auth/')
      .send({ email: owner().email, password: 'no-es-la-contraseña' })
      .expect(401);
    expect(res.body).toEqual({
      error: { code: 'CredentialsSignin', message: 'El correo o la contraseña no son correctos.' },
    });
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});

describe('the staff-credentials provider (Auth.js)', () => {
  async function signIn(password: string) {
    const agent = request.agent(bff.app);
    const { body } = await agent.get('/api/auth/csrf');
    const res = await agent.post('/api/auth/callback/staff-credentials').type('form').send({
      csrfToken: body.csrfToken,
      json: 'true',
      callbackUrl: '/dashboard',
      email: owner().email,
      password,
    });
    return { agent, res };
  }

  test('right password → { url: callbackUrl } and a staff session', async () => {
    const { agent, res } = await signIn(enrolment.demo.staff_password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: `${PUBLIC_URL}/dashboard` });
    expect((await agent.get('/api/auth/session')).body.user.memberships.length).toBeGreaterThan(0);
  });

  test('wrong password → 401, back to the dashboard sign-in with CredentialsSignin', async () => {
    const { agent, res } = await signIn('equivocada');
    expect(res.status).toBe(401);
    expect(res.body.url).toBe(`${PUBLIC_URL}/dashboard/login?error=CredentialsSignin`);
    expect((await agent.get('/api/auth/session')).body).toEqual({});
  });

  test("selecting a school: only one of the user's own", async () => {
    const { agent } = await signIn(enrolment.demo.staff_password);
    const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken as string;
    const ok = await agent
      .post('/api/auth/session')
      .send({ csrfToken, data: { selected_school_id: enrolment.demo.school_id } })
      .expect(200);
    expect(ok.body.selected_school_id).toBe(enrolment.demo.school_id);
    await agent
      .post('/api/auth/session')
      .send({ csrfToken, data: { selected_school_id: 'otra-escuela' } })
      .expect(403);
    await agent
      .post('/api/auth/session')
      .send({ csrfToken, data: { selected_school_id: 'x', role: 'OWNER' } })
      .expect(400);
  });
});
