import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';
import { signupSubject } from './signup-mail';

let h: EnrolmentHarness;
let smtp: SmtpSandbox;
let mailboxUrl: string;

beforeAll(async () => {
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  mailboxUrl = `http://127.0.0.1:${smtp.httpPort}/`;
  h = await startEnrolmentHarness('enrolment_signup_mail', {
    config: { publicUrl: 'http://portal.cuota.test', smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}` },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await smtp?.stop();
});

const visitor: IdentityClaims = { kind: 'anonymous' };
const signup = (body: unknown, key?: string) =>
  h.call(visitor, `/api/v1/schools/${h.demo.school_id}/signup/`, {
    method: 'POST',
    json: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
const family = (email: string) => ({
  guardian: { first_name: 'Lucía', last_name: 'Méndez', email },
  students: [
    { first_name: 'Pablo', last_name: 'Méndez', level: 'elementary' },
    { first_name: 'Inés', last_name: 'Méndez', level: 'pre-school' },
  ],
  privacy_accepted: true,
});

test('the family gets one Spanish confirmation naming the school and the children', async () => {
  const email = 'lucia.mendez@example.mx';
  expect((await signup(family(email), 'signup-mail-1')).status).toBe(201);
  const mail = await waitForMessage(mailboxUrl, email);
  expect(mail.subject).toBe(signupSubject(h.demo.school_name));
  expect(mail.text).toContain('Hola, Lucía:');
  expect(mail.text).toContain(
    `Registramos a Pablo Méndez e Inés Méndez como aspirantes de ${h.demo.school_name}.`,
  );
  // A replay of the same request and the same form sent again register nobody: no new mail.
  expect((await signup(family(email), 'signup-mail-1')).status).toBe(201);
  expect((await signup(family(email))).body.registered).toBe(0);
  const marker = 'marca@example.mx';
  expect((await signup(family(marker))).status).toBe(201);
  await waitForMessage(mailboxUrl, marker);
  expect(await messagesTo(mailboxUrl, email)).toHaveLength(1);
});

test('a mail that cannot be sent loses nothing: the sign-up stands', async () => {
  await smtp.stop();
  const email = 'sin.correo@example.mx';
  const res = await signup(family(email));
  expect(res.status).toBe(201);
  expect(res.body.registered).toBe(2);
  expect(
    await h.count(
      'students s JOIN student_guardians sg ON sg.student_id = s.id JOIN guardians g ON g.id = sg.guardian_id',
      `lower(g.email) = '${email}' AND s.status = 'lead'`,
    ),
  ).toBe(2);
});
