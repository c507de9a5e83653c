import request from 'supertest';
import { INVITATION_UNUSABLE } from '@cuota/contracts/enrolment/staff-users';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { waitForMessage } from '@cuota/testing/mailbox';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { sessionCookieOf, sessionIdOf } from '../test-support/session-cookie';
import { signInStaff } from '../test-support/sign-in';
import { PUBLIC_URL, startTestBff, type TestBff } from '../test-support/test-bff';

let smtp: SmtpSandbox;
let mailboxUrl: string;
let enrolment: EnrolmentUnderTest;
let bff: TestBff;

beforeAll(async () => {
  const identity = await createTestIdentity();
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  mailboxUrl = `http://127.0.0.1:${smtp.httpPort}/`;
  enrolment = await startEnrolmentUnderTest({
    identity,
    config: {
      smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
      publicUrl: PUBLIC_URL,
    },
  });
  bff = await startTestBff({ identity, services: { enrolment: enrolment.url } });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await enrolment?.stop();
  await smtp?.stop();
});

const staff = (role: string) => enrolment.demo.staff.find((s) => s.role === role)!;
let seq = 0;

/** The owner adds a member through the BFF; the token is read from the e-mail, as a person would. */
async function inviteThroughTheBff() {
  const owner = await signInStaff(bff, staff('OWNER').email, enrolment.demo.staff_password);
  const email = `invitada.${Date.now().toString(36)}${++seq}@colegio.mx`;
  await owner.agent
    .post('/api/v1/users/')
    .set('x-csrf-token', owner.csrfToken)
    .send({ school_id: enrolment.demo.school_id, name: 'Invitada', email, role: 'ADMISSIONS' })
    .expect(201);
  const mail = await waitForMessage(mailboxUrl, email);
  const link = new RegExp(`${PUBLIC_URL}/dashboard/invitacion/([A-Za-z0-9_-]+)`).exec(mail.text);
  return { email, token: link![1]!, owner };
}

async function visitor() {
  const agent = request.agent(bff.app);
  const res = await agent.get('/api/auth/csrf').expect(200);
  return { agent, csrfToken: res.body.csrfToken as string, cookie: sessionCookieOf(res)! };
}

describe('POST /api/auth/invitation', () => {
  test('the e-mailed link sets name and password and signs the member in (new session id)', async () => {
    const { email, token } = await inviteThroughTheBff();
    const v = await visitor();
    const res = await v.agent
      .post('/api/auth/invitation')
      .set('x-csrf-token', v.csrfToken)
      .send({ token, name: 'Lucía Admisiones', password: 'lucia-clave-2026' })
      .expect(200);
    expect(res.body.user).toMatchObject({
      kind: 'staff',
      email,
      name: 'Lucía Admisiones',
      memberships: [
        expect.objectContaining({ school_id: enrolment.demo.school_id, role: 'ADMISSIONS' }),
      ],
    });
    expect(sessionIdOf(sessionCookieOf(res)!)).not.toBe(sessionIdOf(v.cookie));
    expect((await v.agent.get('/api/auth/session')).body.user.kind).toBe('staff');
    // The password works for a later sign-in too.
    await signInStaff(bff, email, 'lucia-clave-2026');

    const again = await visitor();
    const reused = await again.agent
      .post('/api/auth/invitation')
      .set('x-csrf-token', again.csrfToken)
      .send({ token, name: 'Otra', password: 'otra-clave-larga' })
      .expect(404);
    expect(reused.body.error.message).toBe(INVITATION_UNUSABLE);
    expect((await again.agent.get('/api/auth/session')).body).toEqual({});
  });

  test('without the CSRF token, with a bad body or an unknown token: refused, nothing written', async () => {
    const { email, token } = await inviteThroughTheBff();
    const v = await visitor();
    const noCsrf = await v.agent
      .post('/api/auth/invitation')
      .send({ token, name: 'X', password: 'una-clave-larga' })
      .expect(403);
    expect(noCsrf.body.error.code).toBe('CSRF_INVALID');
    const short = await v.agent
      .post('/api/auth/invitation')
      .set('x-csrf-token', v.csrfToken)
      .send({ token, name: 'X', password: 'corta' })
      .expect(400);
    expect(short.body.error.message).toMatch(/Revisa|10 caracteres/);
    await v.agent
      .post('/api/auth/invitation')
      .set('x-csrf-token', v.csrfToken)
      .send({ token, name: 'X', password: 'una-clave-larga', role: 'OWNER' })
      .expect(400);
    const unknown = await v.agent
      .post('/api/auth/invitation')
      .set('x-csrf-token', v.csrfToken)
      .send({ token: 'A'.repeat(43), name: 'X', password: 'una-clave-larga' })
      .expect(404);
    expect(unknown.body.error.message).toBe(INVITATION_UNUSABLE);
    expect((await v.agent.get('/api/auth/session')).body).toEqual({});
    // The refused calls used nothing up: the link still works.
    await v.agent
      .post('/api/auth/invitation')
      .set('x-csrf-token', v.csrfToken)
      .send({ token, name: 'Invitada', password: 'una-clave-larga' })
      .expect(200);
    await signInStaff(bff, email, 'una-clave-larga');
  });

  test('rate-limited in Redis like sign-in', async () => {
    const strict = await startTestBff({
      identity: bff.identity,
      services: { enrolment: enrolment.url },
      rateLimits: { signInPerIp: { windowMs: 60_000, limit: 2 } },
    });
    try {
      const agent = request.agent(strict.app);
      const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken as string;
      const attempt = () =>
        agent
          .post('/api/auth/invitation')
          .set('x-csrf-token', csrfToken)
          .send({ token: 'B'.repeat(43), name: 'X', password: 'una-clave-larga' });
      expect((await attempt()).status).toBe(404);
      expect((await attempt()).status).toBe(404);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toMatch(/Demasiados intentos/);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/v1/users/email/ through the BFF', () => {
  test('staff.write re-sends the invitation; a role without it is stopped at the BFF', async () => {
    const { email, owner } = await inviteThroughTheBff();
    const res = await owner.agent
      .post('/api/v1/users/email/')
      .set('x-csrf-token', owner.csrfToken)
      .send({ school_id: enrolment.demo.school_id, email })
      .expect(200);
    const second = await waitForMessage(mailboxUrl, email, 2);
    expect(second.text).toContain(`/dashboard/invitacion/${res.body.invitation.token}`);

    const director = await signInStaff(
      bff,
      staff('ADMINISTRATIVE_DIRECTOR').email,
      enrolment.demo.staff_password,
    );
    const refused = await director.agent
      .post('/api/v1/users/email/')
      .set('x-csrf-token', director.csrfToken)
      .send({ school_id: enrolment.demo.school_id, email })
      .expect(403);
    expect(refused.body.error.message).toBe(
      'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
    );
  });
});
