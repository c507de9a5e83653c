import request from 'supertest';
import {
  PASSWORD_RESET_REQUESTED,
  PASSWORD_RESET_UNUSABLE,
} from '@cuota/contracts/enrolment/staff-users';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { signInStaff } from '../test-support/sign-in';
import { PUBLIC_URL, startTestBff, type TestBff } from '../test-support/test-bff';

let smtp: SmtpSandbox;
let mailboxUrl: string;
let enrolment: EnrolmentUnderTest;
let bff: TestBff;
const MAILS_PER_ADDRESS = 2;
const REQUESTS_PER_IP = 8;

beforeAll(async () => {
  const identity = await createTestIdentity();
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  mailboxUrl = `http://127.0.0.1:${smtp.httpPort}/`;
  enrolment = await startEnrolmentUnderTest({
    identity,
    config: { smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`, publicUrl: PUBLIC_URL },
  });
  bff = await startTestBff({
    identity,
    services: { enrolment: enrolment.url },
    rateLimits: {
      passwordResetMailsPerEmail: { windowMs: 3_600_000, limit: MAILS_PER_ADDRESS },
      passwordResetPerIp: { windowMs: 3_600_000, limit: REQUESTS_PER_IP },
    },
  });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await enrolment?.stop();
  await smtp?.stop();
});

const staffEmail = (role: string) => enrolment.demo.staff.find((s) => s.role === role)!.email;
let requests = 0;

async function visitor() {
  const agent = request.agent(bff.app);
  const res = await agent.get('/api/auth/csrf').expect(200);
  return { agent, csrfToken: res.body.csrfToken as string };
}

async function askReset(email: string) {
  requests += 1;
  const v = await visitor();
  return v.agent.post('/api/auth/password-reset').set('x-csrf-token', v.csrfToken).send({ email });
}

async function confirm(token: string, password: string) {
  const v = await visitor();
  const res = await v.agent
    .post('/api/auth/password-reset/confirm')
    .set('x-csrf-token', v.csrfToken)
    .send({ token, password });
  return { v, res };
}

async function mailedToken(email: string, count = 1) {
  const mail = await waitForMessage(mailboxUrl, email, count);
  return new RegExp(`${PUBLIC_URL}/dashboard/restablecer-contrasena/([A-Za-z0-9_-]+)`).exec(
    mail.text,
  )![1]!;
}

test('a reset by e-mail signs in with the new password and ends the old sessions', async () => {
  const email = staffEmail('ACCOUNTANT');
  const old = await signInStaff(bff, email, enrolment.demo.staff_password);
  expect((await old.agent.get('/api/auth/session')).body.user.email).toBe(email);

  const unknown = await askReset('nadie@colegio.test');
  const known = await askReset(email);
  // The same answer for an unknown address and a known one.
  expect(unknown.status).toBe(200);
  expect(known.status).toBe(200);
  expect(known.body).toEqual(unknown.body);
  expect(known.body).toEqual({ message: PASSWORD_RESET_REQUESTED });

  const token = await mailedToken(email);
  const { v, res } = await confirm(token, 'contabilidad-nueva-2026');
  expect(res.status).toBe(200);
  expect(res.body.user).toMatchObject({ kind: 'staff', email });
  expect((await v.agent.get('/api/auth/session')).body.user.email).toBe(email);
  // The session opened with the old password is over.
  expect((await old.agent.get('/api/auth/session')).body).toEqual({});
  await signInStaff(bff, email, 'contabilidad-nueva-2026');

  const reused = await confirm(token, 'otra-clave-nueva-2026');
  expect(reused.res.status).toBe(404);
  expect(reused.res.body.error.message).toBe(PASSWORD_RESET_UNUSABLE);
  expect(await messagesTo(mailboxUrl, 'nadie@colegio.test')).toHaveLength(0);
});

test('past the quota for an address the answer is the same and no more mail goes out', async () => {
  const email = staffEmail('TREASURER');
  const answers = [];
  for (let i = 0; i <= MAILS_PER_ADDRESS; i += 1) answers.push(await askReset(email));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  await waitForMessage(mailboxUrl, email, MAILS_PER_ADDRESS);
  // The first link still works: a stranger's requests spoil nothing.
  const first = (await messagesTo(mailboxUrl, email)).at(-1)!;
  const token = /restablecer-contrasena\/([A-Za-z0-9_-]+)/.exec(first.text)![1]!;
  expect((await confirm(token, 'tesoreria-nueva-2026')).res.status).toBe(200);
  expect(await messagesTo(mailboxUrl, email)).toHaveLength(MAILS_PER_ADDRESS);
});

test('a short password is refused in Spanish; too many requests from one network are a 429', async () => {
  const short = await confirm('A'.repeat(43), 'corta');
  expect(short.res.status).toBe(400);
  expect(JSON.stringify(short.res.body)).toMatch(/10 caracteres/);

  while (requests < REQUESTS_PER_IP) expect((await askReset('x@colegio.test')).status).toBe(200);
  const refused = await askReset('x@colegio.test');
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toMatch(/demasiados cambios de contraseña/);
});
