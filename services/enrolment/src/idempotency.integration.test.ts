import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  startEnrolmentHarness,
  type Answer,
  type EnrolmentHarness,
} from './test-support/enrolment-harness';

/**
 * Issue 9, finding 5: twenty identical creates at once made twenty students, and racing
 * creates that hit a unique index answered 500. Now an Idempotency-Key makes a create happen
 * once (ADR 0019), and without one the index's refusal is a Spanish 409.
 */
let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_idempotency', { worker: false });
}, 60_000);
afterAll(() => h?.stop());

const TIMES = 20;
const post = (path: string, json: unknown, key?: string) =>
  h.call(h.member('OWNER'), path, {
    method: 'POST',
    json,
    headers: key ? { 'idempotency-key': key } : {},
  });
const atOnce = (send: () => Promise<Answer>) => Promise.all(Array.from({ length: TIMES }, send));
const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();
const replayed = (answers: Answer[]) =>
  answers.filter((a) => a.headers.get('idempotent-replayed') === 'true').length;

async function aLevelId(): Promise<string> {
  const levels = await h.call(h.staff('OWNER'), `/api/v1/schools/${h.demo.school_id}/levels/`);
  return levels.body[0].id;
}

describe('the same Idempotency-Key twenty times at once: one create, one answer', () => {
  test('students: one row, one event, every answer the same student', async () => {
    const key = randomUUID();
    const student = {
      school_id: h.demo.school_id,
      level: 'elementary',
      first_name: 'Doble',
      last_name: `Clic ${key.slice(0, 8)}`,
    };
    const events = await h.count('outbox_events');
    const answers = await atOnce(() => post('/api/v1/students/', student, key));
    expect(statuses(answers)).toEqual(Array(TIMES).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(replayed(answers)).toBe(TIMES - 1);
    expect(await h.count('students', `last_name = '${student.last_name}'`)).toBe(1);
    expect(await h.count('outbox_events')).toBe(events + 1);
  });

  test('sections: one group, the same answer to all', async () => {
    const key = randomUUID();
    const section = { school_id: h.demo.school_id, level_id: await aLevelId(), name: 'K1' };
    const answers = await atOnce(() =>
      post('/academic-coordinator/sections/', { ...section, capacity: 20 }, key),
    );
    expect(statuses(answers)).toEqual(Array(TIMES).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await h.count('sections', `name = 'K1'`)).toBe(1);
  });

  test('staff admins: one member, one invitation; a replay never repeats the token', async () => {
    const key = randomUUID();
    const path = `/api/v1/dashboard/schools/${h.demo.school_id}/admins/`;
    const answers = await atOnce(() =>
      post(path, { name: 'Nueva Persona', email: 'nueva.idem@colegio.mx', role: 'OTHER' }, key),
    );
    expect(statuses(answers)).toEqual(Array(TIMES).fill(201));
    const first = answers.find((a) => a.headers.get('idempotent-replayed') !== 'true')!;
    expect(first.body.invitation.token).toEqual(expect.any(String));
    for (const a of answers.filter((x) => x !== first)) {
      expect(a.body.admin).toEqual(first.body.admin);
      expect(a.body.invitation).toBeNull();
    }
    expect(await h.count('staff_users', `email = 'nueva.idem@colegio.mx'`)).toBe(1);
    expect(await h.count('staff_invitations')).toBeGreaterThan(0);
    const { rows } = await h.service.db.execute(
      sql`SELECT response::text FROM idempotency_keys WHERE key = ${key}`,
    );
    expect(JSON.stringify(rows)).not.toContain(first.body.invitation.token);
  });

  test('the same key with another body is a Spanish 422, and writes nothing', async () => {
    const key = randomUUID();
    const student = { school_id: h.demo.school_id, level: 'elementary', last_name: 'Uno' };
    expect((await post('/api/v1/students/', { ...student, first_name: 'Ana' }, key)).status).toBe(
      201,
    );
    const before = await h.count('students');
    const other = await post('/api/v1/students/', { ...student, first_name: 'Otra' }, key);
    expect(other.status).toBe(422);
    expect(other.body.error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message:
        'Esta clave Idempotency-Key ya se usó para otra solicitud. Usa una clave nueva para cada operación distinta.',
    });
    expect(await h.count('students')).toBe(before);
  });

  test('a refused create leaves the key free: the corrected retry goes through', async () => {
    const key = randomUUID();
    const bad = await post('/api/v1/students/', { school_id: h.demo.school_id }, key);
    expect(bad.status).toBe(400);
    const student = { school_id: h.demo.school_id, level: 'elementary', first_name: 'Bien' };
    const ok = await post('/api/v1/students/', { ...student, last_name: 'Corregido' }, key);
    // The 400 stored nothing, but the key now belongs to the corrected request.
    expect(ok.status).toBe(201);
  });

  test('an expired key is forgotten: the same request creates again', async () => {
    const key = randomUUID();
    const student = {
      school_id: h.demo.school_id,
      level: 'elementary',
      first_name: 'Vencida',
      last_name: key.slice(0, 8),
    };
    expect((await post('/api/v1/students/', student, key)).status).toBe(201);
    await h.service.db.execute(
      sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ${key}`,
    );
    const again = await post('/api/v1/students/', student, key);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await h.count('students', `last_name = '${student.last_name}'`)).toBe(2);
  });

  test('keys are per caller: the same key from two people is two creates', async () => {
    const key = randomUUID();
    const student = {
      school_id: h.demo.school_id,
      level: 'elementary',
      first_name: 'Dos',
      last_name: key.slice(0, 8),
    };
    const send = (role: 'OWNER' | 'ADMISSIONS') =>
      h.call(h.member(role), '/api/v1/students/', {
        method: 'POST',
        json: student,
        headers: { 'idempotency-key': key },
      });
    expect((await send('OWNER')).status).toBe(201);
    expect((await send('ADMISSIONS')).status).toBe(201);
    expect(await h.count('students', `last_name = '${student.last_name}'`)).toBe(2);
  });

  test('a malformed key is a Spanish 400', async () => {
    const student = { school_id: h.demo.school_id, level: 'elementary', first_name: 'A' };
    const res = await post('/api/v1/students/', { ...student, last_name: 'B' }, 'corta');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^El encabezado Idempotency-Key no es válido/);
  });
});

describe('without a key, racing duplicates that hit a unique index get a Spanish 409', () => {
  test('sections with the same name: one 201, the rest 409, never a 500', async () => {
    const section = { school_id: h.demo.school_id, level_id: await aLevelId(), name: 'Z9' };
    const answers = await atOnce(() =>
      post('/academic-coordinator/sections/', { ...section, capacity: 20 }),
    );
    expect(statuses(answers)).toEqual([201, ...Array(TIMES - 1).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.error.message).toMatch(/^Ya existe (el|un) grupo/);
  });

  test('staff admins with the same e-mail: one 201, the rest 409', async () => {
    const path = `/api/v1/dashboard/schools/${h.demo.school_id}/admins/`;
    const answers = await atOnce(() =>
      post(path, { name: 'Carrera', email: 'carrera@colegio.mx', role: 'OTHER' }),
    );
    expect(statuses(answers)).toEqual([201, ...Array(TIMES - 1).fill(409)]);
    expect(await h.count('staff_users', `email = 'carrera@colegio.mx'`)).toBe(1);
  });
});
