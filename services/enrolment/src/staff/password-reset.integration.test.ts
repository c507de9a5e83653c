import { eq, sql } from 'drizzle-orm';
import { PASSWORD_RESET_UNUSABLE } from '@cuota/contracts/enrolment/staff-users';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import * as schema from '../schema';
import { DEMO_STAFF_PASSWORD, staffEmail } from '../seed/demo-school';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';
import { PASSWORD_RESET_SUBJECT } from './password-reset-mail';

const PUBLIC_URL = 'http://portal.cuota.test';
let h: EnrolmentHarness;
let smtp: SmtpSandbox;
let mailboxUrl: string;

beforeAll(async () => {
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  mailboxUrl = `http://127.0.0.1:${smtp.httpPort}/`;
  h = await startEnrolmentHarness('enrolment_password_resets', {
    config: { publicUrl: PUBLIC_URL, smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}` },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await smtp?.stop();
});

const askReset = (email: string) =>
  h.call(h.bff, '/internal/staff/password-resets', { method: 'POST', json: { email } });
const reset = (token: string, password: string) =>
  h.call(h.bff, '/internal/staff/password-resets/redeem', {
    method: 'POST',
    json: { token, password },
  });
const authenticate = (email: string, password: string) =>
  h.call(h.bff, '/internal/staff/authenticate', { method: 'POST', json: { email, password } });
const links = async () =>
  (await h.service.db.execute(sql.raw('SELECT count(*)::int AS n FROM staff_invitations'))).rows[0];

/** The token of the newest reset mail to `email` (the n-th one), read from the SMTP sandbox. */
async function mailedToken(email: string, count = 1) {
  const mail = await waitForMessage(mailboxUrl, email, count);
  expect(mail.subject).toBe(PASSWORD_RESET_SUBJECT);
  const link = new RegExp(`${PUBLIC_URL}/dashboard/restablecer-contrasena/([A-Za-z0-9_-]+)`);
  return { mail, token: link.exec(mail.text)![1]! };
}

test('a reset link by e-mail sets the new password once; the old one stops working', async () => {
  const email = staffEmail('ACCOUNTANT');
  expect((await askReset(email.toUpperCase())).status).toBe(204);
  const { mail, token } = await mailedToken(email);
  expect(mail.text).toMatch(/^Hola, .+:/);
  expect(mail.text).toContain('solo sirve una vez');
  // Only the hash is kept.
  const stored = await h.service.db
    .select()
    .from(schema.staffInvitations)
    .where(eq(schema.staffInvitations.purpose, 'password_reset'));
  expect(stored.map((l) => l.tokenHash)).not.toContain(token);

  const done = await reset(token, 'mi-clave-nueva-2026');
  expect(done.status).toBe(200);
  expect(done.body.email).toBe(email);
  expect((await authenticate(email, 'mi-clave-nueva-2026')).status).toBe(200);
  expect((await authenticate(email, DEMO_STAFF_PASSWORD)).status).toBe(401);

  const again = await reset(token, 'otra-clave-nueva-2026');
  expect(again.status).toBe(404);
  expect(again.body.error.message).toBe(PASSWORD_RESET_UNUSABLE);
  expect((await authenticate(email, 'mi-clave-nueva-2026')).status).toBe(200);
});

test('an unknown e-mail gets the same answer, and nothing is written or sent', async () => {
  const before = await links();
  const res = await askReset('nadie@colegio.test');
  expect(res.status).toBe(204);
  expect(await links()).toEqual(before);
  expect(await messagesTo(mailboxUrl, 'nadie@colegio.test')).toHaveLength(0);
});

test('an expired link is refused and the password stays', async () => {
  const email = staffEmail('TREASURER');
  await askReset(email);
  const { token } = await mailedToken(email);
  await h.service.db
    .update(schema.staffInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(schema.staffInvitations.purpose, 'password_reset'));
  const res = await reset(token, 'mi-clave-nueva-2026');
  expect(res.status).toBe(404);
  expect(res.body.error.message).toBe(PASSWORD_RESET_UNUSABLE);
  expect((await authenticate(email, DEMO_STAFF_PASSWORD)).status).toBe(200);
});

test('a second request leaves the first link working; using one closes the other', async () => {
  const email = staffEmail('ADMISSIONS');
  await askReset(email);
  const first = await mailedToken(email, 1);
  await askReset(email);
  const second = await mailedToken(email, 2);
  expect(second.token).not.toBe(first.token);
  expect((await reset(first.token, 'primera-clave-2026')).status).toBe(200);
  expect((await reset(second.token, 'segunda-clave-2026')).status).toBe(404);
  expect((await authenticate(email, 'primera-clave-2026')).status).toBe(200);
});

test('a short password is a Spanish 400; only the BFF may ask or reset', async () => {
  const short = await reset('A'.repeat(43), 'corta');
  expect(short.status).toBe(400);
  expect(JSON.stringify(short.body)).toMatch(/10 caracteres/);
  const owner = h.member('OWNER');
  const asStaff = await h.call(owner, '/internal/staff/password-resets', {
    method: 'POST',
    json: { email: staffEmail('OWNER') },
  });
  expect(asStaff.status).toBe(403);
});
