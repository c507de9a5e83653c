import request from 'supertest';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let enrolment: EnrolmentUnderTest;
let bff: TestBff;

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEnrolmentUnderTest({ identity });
  bff = await startTestBff({ identity, services: { enrolment: enrolment.url } });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await enrolment?.stop();
});

const demo = () => enrolment.demo;

/** A browser on the school's page with its CSRF token. */
async function browser() {
  const agent = request.agent(bff.app);
  const res = await agent.get('/api/auth/csrf').expect(200);
  return { agent, csrfToken: res.body.csrfToken as string };
}

/** The link in a sign-in e-mail and the code it carries. */
function linkIn(text: string) {
  const link = /(http\S+\/login\?code=(\d{6}))/.exec(text)!;
  return { url: new URL(link[1]!), code: link[2]! };
}

test('the magic link opens the login page with the code in it, and that code signs in', async () => {
  const b = await browser();
  const before = (await messagesTo(bff.mailboxUrl, demo().guardian_email)).length;
  const sent = await b.agent
    .post('/auth/guardians/magic-link/')
    .set('x-csrf-token', b.csrfToken)
    .send({ guardian_hash: demo().guardian_hash })
    .expect(200);
  expect(sent.body).toEqual({
    sent: true,
    email_hint: expect.stringMatching(/•••@/),
    expires_in_seconds: expect.any(Number),
  });
  const mail = await waitForMessage(bff.mailboxUrl, demo().guardian_email, before + 1);
  expect(mail.subject).toBe('Tu liga para entrar a Cuota');
  const { url, code } = linkIn(mail.text);
  expect(url.pathname).toBe(`/guardians/${demo().guardian_hash}/login`);
  expect(mail.html).toContain(`login?code=${code}`);

  const signedIn = await b.agent
    .post('/api/v1/guardians/login/verify_code/')
    .set('x-csrf-token', b.csrfToken)
    .send({ guardian_hash: demo().guardian_hash, code });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.user.guardian_hash).toBe(demo().guardian_hash);
});

describe('school_login: a lost link asked for at the school', () => {
  const ask = async (body: object) => {
    const b = await browser();
    return b.agent
      .post('/api/v1/guardians/school_login/')
      .set('x-csrf-token', b.csrfToken)
      .send(body);
  };
  const ANSWER = {
    sent: true,
    message:
      'Si tu correo está registrado en la escuela, te enviamos una liga para entrar. Revisa tu bandeja (y el correo no deseado).',
  };

  test('a known e-mail (any case) gets the link; the answer says nothing either way', async () => {
    const before = (await messagesTo(bff.mailboxUrl, demo().guardian_email)).length;
    const known = await ask({
      school_id: demo().school_id,
      email: demo().guardian_email.toUpperCase(),
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(ANSWER);
    const mail = await waitForMessage(bff.mailboxUrl, demo().guardian_email, before + 1);
    expect(linkIn(mail.text).url.pathname).toBe(`/guardians/${demo().guardian_hash}/login`);

    const stranger = 'nadie.aqui@correo.mx';
    const unknown = await ask({ school_id: demo().school_id, email: stranger });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(ANSWER);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(await messagesTo(bff.mailboxUrl, stranger)).toEqual([]);
  });

  test("another school's family gets nothing from this school's page", async () => {
    const before = (await messagesTo(bff.mailboxUrl, demo().guardian_email)).length;
    const other = await ask({
      school_id: '00000000-0000-4000-8000-000000000000',
      email: demo().guardian_email,
    });
    expect(other.body).toEqual(ANSWER);
    expect(await messagesTo(bff.mailboxUrl, demo().guardian_email)).toHaveLength(before);
  });

  test('a malformed request is a Spanish 400', async () => {
    const bad = await ask({ school_id: 'escuela', email: 'no-es-correo' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { message: string }) => d.message)).toEqual([
      'Elige una escuela válida.',
      'Escribe un correo válido.',
    ]);
  });
});
