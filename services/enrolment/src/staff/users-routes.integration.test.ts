import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { INVITATION_UNUSABLE } from '@cuota/contracts/enrolment/staff-users';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { mailSender } from '../mail-sender';
import * as schema from '../schema';
import { DEMO_STAFF_PASSWORD, staffEmail } from '../seed/demo-school';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';
import { INVITATION_SUBJECT, invitationSender } from './invitation-mail';
import { NO_PENDING_INVITATION } from './reissue-invitation';
import { WRONG_CURRENT_PASSWORD } from './update-own-profile';

const PUBLIC_URL = 'http://portal.cuota.test';
let h: EnrolmentHarness;
let smtp: SmtpSandbox;
let mailboxUrl: string;

beforeAll(async () => {
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  mailboxUrl = `http://127.0.0.1:${smtp.httpPort}/`;
  h = await startEnrolmentHarness('enrolment_users', {
    config: {
      publicUrl: PUBLIC_URL,
      smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
      mailFrom: 'Cuota <no-responder@cuota.test>',
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.stop();
  await smtp?.stop();
});

const as = (role: StaffRole) => h.member(role);
const otherOwner = () => h.otherOwner();
const call = (who: IdentityClaims, method: string, path: string, json?: unknown) =>
  h.call(who, path, { method, json });

/** Every row of the staff tables: a refused call must leave them exactly as they were. */
const snapshot = async () =>
  (
    await h.service.db.execute(
      sql.raw(`SELECT
        (SELECT json_agg(u ORDER BY id) FROM staff_users u) AS users,
        (SELECT json_agg(m ORDER BY user_id, school_id) FROM staff_memberships m) AS memberships,
        (SELECT json_agg(i ORDER BY id) FROM staff_invitations i) AS invitations,
        (SELECT count(*)::int FROM outbox_events) AS events`),
    )
  ).rows[0];

const authenticate = (email: string, password: string) =>
  call(h.bff, 'POST', '/internal/staff/authenticate', { email, password });
const redeem = (token: string, name = 'Nueva Persona', password = 'una-clave-larga-2026') =>
  call(h.bff, 'POST', '/internal/staff/invitations/redeem', { token, name, password });

let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++seq}@colegio.mx`;

async function invite(role: StaffRole = 'CASH_COLLECTION') {
  const email = uniqueEmail('invitada');
  const res = await call(as('OWNER'), 'POST', '/api/v1/users/', {
    school_id: h.demo.school_id,
    name: 'Invitada Prueba',
    email,
    role,
  });
  expect(res.status).toBe(201);
  return { email, userId: res.body.admin.id as string, token: res.body.invitation.token as string };
}

describe('POST /api/v1/users/', () => {
  test('staff.write adds a member to the school in the body; the invitation is e-mailed in Spanish', async () => {
    const email = uniqueEmail('rosa');
    const res = await call(as('GENERAL_DIRECTOR'), 'POST', '/api/v1/users/', {
      school_id: h.demo.school_id,
      name: 'Rosa Cajera',
      email: email.toUpperCase(),
      role: 'CASH_COLLECTION',
    });
    expect(res.status).toBe(201);
    expect(res.body.admin).toMatchObject({
      school_id: h.demo.school_id,
      email,
      role: 'CASH_COLLECTION',
      invitation_pending: true,
    });
    const { token, expires_at } = res.body.invitation;
    const mail = await waitForMessage(mailboxUrl, email);
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.text).toContain('Hola, Rosa Cajera:');
    expect(mail.text).toContain(h.demo.school_name);
    expect(mail.text).toContain('Cobranza en caja');
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard/invitacion/${token}`);
    expect(mail.text).toMatch(/vence el \d{1,2} de \w+ de \d{4}/);
    expect(mail.html).toContain(`${PUBLIC_URL}/dashboard/invitacion/${token}`);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());
  });

  test('the same command as …/admins/: an e-mail with a staff user gets a membership, no mail', async () => {
    const before = (await messagesTo(mailboxUrl, staffEmail('ACCOUNTANT'))).length;
    const res = await call(otherOwner(), 'POST', '/api/v1/users/', {
      school_id: h.otherSchoolId,
      name: 'Ignorado',
      email: staffEmail('ACCOUNTANT'),
      role: 'ACCOUNTANT',
    });
    expect(res.status).toBe(201);
    expect(res.body.invitation).toBeNull();
    expect(res.body.admin).toMatchObject({
      id: h.userId('ACCOUNTANT'),
      school_id: h.otherSchoolId,
    });
    // Invitations are mailed before the answer (the sandbox stores a message before it
    // accepts it): one sent would already be in the mailbox.
    expect(await messagesTo(mailboxUrl, staffEmail('ACCOUNTANT'))).toHaveLength(before);
  });

  test('bad input is a Spanish 400 and writes nothing', async () => {
    const before = await snapshot();
    for (const body of [
      { name: 'Sin Escuela', email: uniqueEmail('x'), role: 'OTHER' },
      { school_id: h.demo.school_id, name: 'Mal Correo', email: 'no-es-correo', role: 'OTHER' },
      { school_id: h.demo.school_id, name: ' ', email: uniqueEmail('x'), role: 'OTHER' },
      { school_id: h.demo.school_id, name: 'Extra', email: uniqueEmail('x'), role: 'OTHER', x: 1 },
    ]) {
      const res = await call(as('OWNER'), 'POST', '/api/v1/users/', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Revisa|Escribe|escuela/);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('a role without staff.write 403; another school 404; nothing written', async () => {
    const before = await snapshot();
    const body = { school_id: h.demo.school_id, name: 'X', email: uniqueEmail('x'), role: 'OTHER' };
    const refused = await call(as('ADMINISTRATIVE_DIRECTOR'), 'POST', '/api/v1/users/', body);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/permiso/);
    const elsewhere = await call(otherOwner(), 'POST', '/api/v1/users/', body);
    expect(elsewhere.status).toBe(404);
    expect(JSON.stringify(elsewhere.body)).not.toContain(h.demo.school_name);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/v1/users/{id}/', () => {
  test('oneself: the profile with every membership', async () => {
    const res = await call(as('OTHER'), 'GET', `/api/v1/users/${h.userId('OTHER')}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: h.userId('OTHER'),
      email: staffEmail('OTHER'),
      phone: null,
      memberships: [
        { school_id: h.demo.school_id, school_name: h.demo.school_name, role: 'OTHER' },
      ],
    });
  });

  test('staff.read sees a colleague only with the memberships of schools it shares', async () => {
    // The accountant also works at the other school (added in the POST tests above or here).
    await call(otherOwner(), 'POST', `/api/v1/dashboard/schools/${h.otherSchoolId}/admins/`, {
      name: 'x',
      email: staffEmail('ACCOUNTANT'),
      role: 'ACCOUNTANT',
    });
    const here = await call(
      as('ADMINISTRATIVE_DIRECTOR'),
      'GET',
      `/api/v1/users/${h.userId('ACCOUNTANT')}/`,
    );
    expect(here.status).toBe(200);
    expect(here.body.memberships.map((m: Json) => m.school_id)).toEqual([h.demo.school_id]);
    const there = await call(otherOwner(), 'GET', `/api/v1/users/${h.userId('ACCOUNTANT')}/`);
    expect(there.status).toBe(200);
    expect(there.body.memberships.map((m: Json) => m.school_id)).toEqual([h.otherSchoolId]);
    expect(JSON.stringify(there.body)).not.toContain(h.demo.school_name);
  });

  test('without staff.read, from another school, or an unknown id: 404 with nothing leaked', async () => {
    for (const [who, id] of [
      [as('TREASURER'), h.userId('OWNER')],
      [otherOwner(), h.userId('TREASURER')],
      [as('OWNER'), '00000000-0000-4000-8000-000000000000'],
      [as('OWNER'), 'no-es-un-id'],
    ] as const) {
      const res = await call(who, 'GET', `/api/v1/users/${id}/`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('No encontramos a este usuario.');
    }
  });

  test('a guardian is refused', async () => {
    const res = await call(
      { kind: 'guardian', guardian_id: h.userId('OWNER'), school_ids: [h.demo.school_id] },
      'GET',
      `/api/v1/users/${h.userId('OWNER')}/`,
    );
    expect(res.status).toBe(403);
  });
});

describe('PUT and PATCH /api/v1/users/{id}/', () => {
  test('PUT replaces name and phone of oneself; PATCH changes only what it carries', async () => {
    const put = await call(as('ADMISSIONS'), 'PUT', `/api/v1/users/${h.userId('ADMISSIONS')}/`, {
      name: 'Ana Admisiones',
      phone: '55 1234 5678',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Ana Admisiones', phone: '55 1234 5678' });
    const patch = await call(
      as('ADMISSIONS'),
      'PATCH',
      `/api/v1/users/${h.userId('ADMISSIONS')}/`,
      {
        name: 'Ana María Admisiones',
      },
    );
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ name: 'Ana María Admisiones', phone: '55 1234 5678' });
    const cleared = await call(
      as('ADMISSIONS'),
      'PUT',
      `/api/v1/users/${h.userId('ADMISSIONS')}/`,
      {
        name: 'Ana María Admisiones',
      },
    );
    expect(cleared.body.phone).toBeNull();
  });

  test('bad input is a Spanish 400 and writes nothing', async () => {
    const before = await snapshot();
    for (const [method, body] of [
      ['PUT', { phone: '55 1234 5678' }],
      ['PUT', { name: 'Ana', phone: 'abc' }],
      ['PATCH', { email: 'otro@colegio.mx' }],
      ['PATCH', { new_password: 'una-clave-nueva-2026' }],
      ['PATCH', { current_password: DEMO_STAFF_PASSWORD, new_password: 'corta' }],
    ] as const) {
      const res = await call(
        as('ADMISSIONS'),
        method,
        `/api/v1/users/${h.userId('ADMISSIONS')}/`,
        body,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Revisa|Escribe|contraseña/);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('PATCH changes the password only with the current one', async () => {
    const before = await snapshot();
    const wrong = await call(as('TREASURER'), 'PATCH', `/api/v1/users/${h.userId('TREASURER')}/`, {
      current_password: 'no-es-la-mia',
      new_password: 'tesoreria-segura-2026',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(WRONG_CURRENT_PASSWORD);
    expect(await snapshot()).toEqual(before);

    const ok = await call(as('TREASURER'), 'PATCH', `/api/v1/users/${h.userId('TREASURER')}/`, {
      current_password: DEMO_STAFF_PASSWORD,
      new_password: 'tesoreria-segura-2026',
    });
    expect(ok.status).toBe(200);
    expect((await authenticate(staffEmail('TREASURER'), 'tesoreria-segura-2026')).status).toBe(200);
    expect((await authenticate(staffEmail('TREASURER'), DEMO_STAFF_PASSWORD)).status).toBe(401);
    // Back, so other tests keep the demo password.
    await call(as('TREASURER'), 'PATCH', `/api/v1/users/${h.userId('TREASURER')}/`, {
      current_password: 'tesoreria-segura-2026',
      new_password: DEMO_STAFF_PASSWORD,
    });
  });

  test("someone else's id is refused (403) even for an owner or staff.write; nothing written", async () => {
    const before = await snapshot();
    for (const [who, id] of [
      [as('OWNER'), h.userId('OTHER')],
      [otherOwner(), h.userId('OTHER')],
      [as('OTHER'), '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      for (const method of ['PUT', 'PATCH']) {
        const res = await call(who, method, `/api/v1/users/${id}/`, { name: 'Cambiado' });
        expect(res.status).toBe(403);
        expect(res.body.error.message).toBe('Solo puedes editar tu propio perfil.');
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/v1/users/email/ (re-send an invitation)', () => {
  test('a fresh token is e-mailed; the old one stops working, the new one works', async () => {
    const { email, token: old } = await invite();
    await waitForMessage(mailboxUrl, email);
    const res = await call(as('GENERAL_DIRECTOR'), 'POST', '/api/v1/users/email/', {
      school_id: h.demo.school_id,
      email: email.toUpperCase(),
    });
    expect(res.status).toBe(200);
    const fresh = res.body.invitation.token;
    expect(fresh).not.toBe(old);
    expect(res.body.admin).toMatchObject({ email, invitation_pending: true });
    const mail = await waitForMessage(mailboxUrl, email, 2);
    expect(mail.text).toContain(`/dashboard/invitacion/${fresh}`);
    expect((await redeem(old)).status).toBe(404);
    expect((await redeem(fresh)).status).toBe(200);
  });

  test('an expired invitation is still pending and is renewed by re-sending it', async () => {
    const { email, userId, token } = await invite();
    await h.service.db
      .update(schema.staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.staffInvitations.userId, userId));
    const listed = await call(
      as('OWNER'),
      'GET',
      `/api/v1/dashboard/schools/${h.demo.school_id}/admins/?search=${encodeURIComponent(email)}`,
    );
    expect(listed.body.results[0].invitation_pending).toBe(true);
    expect((await redeem(token)).status).toBe(404);
    const res = await call(as('OWNER'), 'POST', '/api/v1/users/email/', {
      school_id: h.demo.school_id,
      email,
    });
    expect(res.status).toBe(200);
    expect((await redeem(res.body.invitation.token)).status).toBe(200);
  });

  test('no pending invitation for that e-mail in that school: Spanish 404', async () => {
    for (const email of [staffEmail('TREASURER'), 'nadie@colegio.mx']) {
      const res = await call(as('OWNER'), 'POST', '/api/v1/users/email/', {
        school_id: h.demo.school_id,
        email,
      });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(NO_PENDING_INVITATION);
    }
  });

  test('bad input 400, no staff.write 403, another school 404: nothing written, no mail', async () => {
    const { email } = await invite();
    await waitForMessage(mailboxUrl, email);
    const before = await snapshot();
    const bad = await call(as('OWNER'), 'POST', '/api/v1/users/email/', { email: 'x' });
    expect(bad.status).toBe(400);
    const body = { school_id: h.demo.school_id, email };
    const refused = await call(as('ADMINISTRATIVE_DIRECTOR'), 'POST', '/api/v1/users/email/', body);
    expect(refused.status).toBe(403);
    const elsewhere = await call(otherOwner(), 'POST', '/api/v1/users/email/', body);
    expect(elsewhere.status).toBe(404);
    const wrongSchool = await call(otherOwner(), 'POST', '/api/v1/users/email/', {
      school_id: h.otherSchoolId,
      email,
    });
    expect(wrongSchool.status).toBe(404);
    expect(await snapshot()).toEqual(before);
    // Mailed before the answer, so nothing more can arrive for these refusals.
    expect(await messagesTo(mailboxUrl, email)).toHaveLength(1);
  });
});

describe('redeeming an invitation (BFF → /internal/staff/invitations/redeem)', () => {
  test('sets name and password once and answers the staff identity', async () => {
    const { email, userId, token } = await invite('ADMISSIONS');
    const res = await redeem(token, 'Lucía Admisiones', 'lucia-clave-2026');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: userId,
      name: 'Lucía Admisiones',
      email,
      memberships: [{ school_id: h.demo.school_id, role: 'ADMISSIONS' }],
    });
    expect((await authenticate(email, 'lucia-clave-2026')).status).toBe(200);
    const admin = await call(
      as('OWNER'),
      'GET',
      `/api/v1/dashboard/schools/${h.demo.school_id}/admins/?search=${encodeURIComponent(email)}`,
    );
    expect(admin.body.results[0].invitation_pending).toBe(false);

    const before = await snapshot();
    const again = await redeem(token, 'Otra', 'otra-clave-larga');
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(INVITATION_UNUSABLE);
    expect(await snapshot()).toEqual(before);
  });

  test('an expired, unknown or malformed token, or a short password: nothing written', async () => {
    const { userId, token } = await invite();
    await h.service.db
      .update(schema.staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.staffInvitations.userId, userId));
    const before = await snapshot();
    const expired = await redeem(token);
    expect(expired.status).toBe(404);
    expect(expired.body.error.message).toBe(INVITATION_UNUSABLE);
    const unknown = await redeem('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(INVITATION_UNUSABLE);
    const malformed = await redeem('no válido');
    expect(malformed.status).toBe(400);
    const { token: open } = await invite();
    const afterInvite = await snapshot();
    const short = await redeem(open, 'Nombre', 'corta');
    expect(short.status).toBe(400);
    expect(short.body.error.message).toMatch(/Revisa|10 caracteres/);
    expect(await snapshot()).toEqual(afterInvite);
    expect((afterInvite as Json).users.length).toBe((before as Json).users.length + 1);
  });

  test('only the BFF may redeem', async () => {
    const { token } = await invite();
    const res = await call(as('OWNER'), 'POST', '/internal/staff/invitations/redeem', {
      token,
      name: 'X',
      password: 'una-clave-larga',
    });
    expect(res.status).toBe(403);
  });
});

test('a mail that cannot be sent is logged, not thrown (the invitation stays)', async () => {
  const errors: unknown[] = [];
  const logger = createLogger('t', 'silent');
  logger.error = ((obj: unknown) => void errors.push(obj)) as typeof logger.error;
  const send = invitationSender(
    mailSender(
      { ...h.service.config, smtpUrl: 'smtp://127.0.0.1:9', publicUrl: PUBLIC_URL },
      logger,
    ),
  );
  const sent = await send({
    to: 'x@colegio.mx',
    name: 'X',
    schoolName: 'Colegio',
    role: 'OTHER',
    token: 't'.repeat(43),
    expiresAt: new Date().toISOString(),
  });
  expect(sent).toBe(false);
  expect(errors).toHaveLength(1);
});
