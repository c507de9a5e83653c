import {
  OTHER_SCHOOL,
  staff,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import {
  BASE,
  chunkOf,
  finishedJob,
  heldJob,
  jobOf,
  PRICE,
  startBulkJobSchool,
} from '../test-support/bulk-job-school';
import { claimBulkJob } from './bulk-job-repository';
import { MAX_ATTEMPTS, RUNNER_DEFAULTS, wakeRunnerOf } from './bulk-job-runner';

jest.setTimeout(60_000);

let h: BillingHarness;
let conceptId: string;
const treasurer = staff('TREASURER');
const STRANGER = '99999999-9999-4999-8999-999999999999';

beforeAll(async () => {
  // 1, 2: elementary and active; 3: another school's; 4: inactive; 5: another level.
  ({ h, conceptId } = await startBulkJobSchool(
    {},
    {},
    { school_id: OTHER_SCHOOL },
    { status: 'inactive' },
    { level: 'middle' },
  ));
});
afterAll(() => h?.dispose());

const ids = (...n: number[]) => n.map(studentId);
const job = (id: string) => jobOf(h, id);
const finished = (id: string) => finishedJob(h, id);
const ordersOf = (period: string) =>
  h.query<Json>(
    `SELECT student_id, scholarship_centavos, canceled_at FROM orders
      WHERE concept_id = $1 AND period = $2 ORDER BY student_id`,
    [conceptId, period],
  );
const jobCount = async () => (await h.query<Json>('SELECT count(*)::int AS n FROM bulk_jobs'))[0].n;

test('a massive assignment: 202 and a job, partial success with a Spanish reason per student', async () => {
  const body = {
    concept_id: conceptId,
    period: '2026-09',
    student_ids: [...ids(1, 2, 3, 4, 5), STRANGER],
  };
  const headers = { 'idempotency-key': 'asignacion-septiembre' };
  const created = await h.call(treasurer, `${BASE}/massive_assignments/`, { json: body, headers });
  expect(created.status).toBe(202);
  expect(created.body).toMatchObject({ kind: 'assignment', total: 6 });
  const again = await h.call(treasurer, `${BASE}/massive_assignments/`, { json: body, headers });
  expect(again.body.id).toBe(created.body.id);

  const done = await finished(created.body.id);
  expect(done).toMatchObject({ status: 'PARTIAL_SUCCESS', total: 6, done: 6, failed: 4 });
  const reasons = Object.fromEntries(done.errors.map((e: Json) => [e.student_id, e.reason]));
  expect(reasons).toEqual({
    [studentId(3)]: 'Este alumno no está en la escuela.',
    [studentId(4)]: 'Este alumno no está activo.',
    [studentId(5)]: 'Este alumno es de otro nivel que el del concepto.',
    [STRANGER]: 'Este alumno no está en la escuela.',
  });
  expect(done.errors.find((e: Json) => e.student_id === studentId(4)).student_name).toBe(
    'Alumno 4 García',
  );
  expect((await ordersOf('2026-09')).map((o) => o.student_id)).toEqual(ids(1, 2));
  const billed = await h.query<Json>(
    `SELECT payload->'data'->>'orders' AS orders FROM outbox_events WHERE type = 'billing.orders.billed'`,
  );
  expect(billed).toEqual([{ orders: '2' }]);
  expect(await jobCount()).toBe(1);
});

test('a retry goes through the failed students again and bills nobody twice', async () => {
  const [first] = await h.query<Json>('SELECT id FROM bulk_jobs ORDER BY created_at LIMIT 1');
  await h.enrol({}, {}, { school_id: OTHER_SCHOOL }, { status: 'active' }, { level: 'middle' });
  const retried = await h.call(treasurer, `${BASE}/massive_jobs/${first.id}/retry/`, { json: {} });
  expect(retried.status).toBe(200);
  expect(retried.body).toMatchObject({ status: 'RETRYING', done: 2, failed: 0, errors: [] });
  const done = await finished(first.id);
  expect(done).toMatchObject({ status: 'PARTIAL_SUCCESS', total: 6, done: 6, failed: 3 });
  expect((await ordersOf('2026-09')).map((o) => o.student_id)).toEqual(ids(1, 2, 4));
  const again = await h.call(treasurer, `${BASE}/massive_jobs/${first.id}/retry/`, { json: {} });
  expect(again.status).toBe(200); // still 3 failed: a retry is allowed, and changes nothing new
  expect((await finished(first.id)).failed).toBe(3);
  expect((await ordersOf('2026-09')).length).toBe(3);
});

test('a runner killed mid-job: the next claim resumes after its last chunk, nothing twice', async () => {
  const dead = '00000000-dead-4000-8000-000000000000';
  const row = await heldJob(h, dead, {
    kind: 'scholarship',
    params: {
      kind: 'PERCENT',
      basis_points: 1_000,
      concept_id: conceptId,
      starts_on: '2026-09-01',
      reason: 'Beca de hermanos',
    },
    studentIds: ids(1, 2, 4),
    createdBy: 'user-TREASURER',
  });
  // The dying runner commits one chunk (student 1), then is killed.
  const o = { ...RUNNER_DEFAULTS, chunkSize: 1 };
  expect(await chunkOf(h, row.id, dead, o)).toBe(true);
  expect(await job(row.id)).toMatchObject({ status: 'PENDING', done: 1 });
  await h.query(`UPDATE bulk_jobs SET lease_until = now() - interval '1 second' WHERE id = $1`, [
    row.id,
  ]);
  wakeRunnerOf(h.service.db);
  expect(await finished(row.id)).toMatchObject({ status: 'SUCCESS', done: 3, failed: 0 });
  // The dead runner's token no longer commits anything.
  expect(await chunkOf(h, row.id, dead, o)).toBe(false);
  const grants = await h.query<Json>(
    'SELECT student_id, count(*)::int AS n FROM scholarships GROUP BY student_id ORDER BY 1',
  );
  expect(grants).toEqual(ids(1, 2, 4).map((s) => ({ student_id: s, n: 1 })));
  expect((await ordersOf('2026-09')).map((x) => x.scholarship_centavos)).toEqual([
    48_500, 48_500, 48_500,
  ]);
  const trail = await h.query<Json>(
    `SELECT count(*)::int AS n FROM order_adjustments WHERE kind = 'scholarship'`,
  );
  expect(trail[0].n).toBe(3);
});

test('a massive disassignment cancels unpaid orders; a paid one stays, with its reason', async () => {
  const assigned = await h.call(treasurer, `${BASE}/massive_assignments/`, {
    json: { concept_id: conceptId, period: '2026-10', student_ids: ids(1, 2) },
  });
  expect((await finished(assigned.body.id)).status).toBe('SUCCESS');
  await h.query(
    `UPDATE orders SET paid_base_centavos = 1000 WHERE period = '2026-10' AND student_id = $1`,
    [studentId(2)],
  );
  const removed = await h.call(treasurer, `${BASE}/massive_dissassignments/`, {
    json: {
      concept_id: conceptId,
      period: '2026-10',
      student_ids: ids(1, 2, 4),
      reason: 'Baja del servicio',
    },
  });
  expect(removed.status).toBe(202);
  const done = await finished(removed.body.id);
  expect(done).toMatchObject({ status: 'PARTIAL_SUCCESS', done: 3, failed: 2 });
  expect(done.errors.map((e: Json) => e.reason)).toEqual([
    expect.stringContaining('Esta orden ya tiene pagos.'),
    'Este alumno no tiene la orden de este concepto y periodo.',
  ]);
  const orders = await ordersOf('2026-10');
  expect(orders.map((x) => x.canceled_at !== null)).toEqual([true, false]);
});

test('cancel: a running job stops at its next chunk, what was done stays; twice is a 409', async () => {
  const held = '00000000-0000-4000-8000-00000000beef';
  const row = await heldJob(h, held, {
    kind: 'assignment',
    params: { concept_id: conceptId, period: '2026-10' },
    studentIds: ids(1, 4),
    createdBy: null,
  });
  const canceled = await h.call(treasurer, `${BASE}/massive_jobs/${row.id}/cancel/`, { json: {} });
  expect(canceled.body).toMatchObject({ status: 'PENDING', cancel_requested: true });
  const o = RUNNER_DEFAULTS;
  expect(await chunkOf(h, row.id, held, o)).toBe(false);
  expect(await job(row.id)).toMatchObject({ status: 'CANCELED', done: 0 });
  expect((await ordersOf('2026-10')).length).toBe(2); // student 4 was not billed
  const twice = await h.call(treasurer, `${BASE}/massive_jobs/${row.id}/cancel/`, { json: {} });
  expect(twice.status).toBe(409);
  expect(twice.body.error.message).toBe('Este proceso ya terminó; no hay nada que cancelar.');
});

test('a held job is not claimed again; one that keeps killing its runner ends FAILED', async () => {
  const row = await heldJob(h, '00000000-0000-4000-8000-0000000000aa', {
    kind: 'assignment',
    params: { concept_id: conceptId, period: '2026-10' },
    studentIds: ids(1),
    createdBy: null,
  });
  expect(await claimBulkJob(h.service.db, 60_000)).toBeUndefined();
  await h.query(
    `UPDATE bulk_jobs SET attempts = $2, lease_until = now() - interval '1 second' WHERE id = $1`,
    [row.id, MAX_ATTEMPTS],
  );
  wakeRunnerOf(h.service.db);
  expect(await finished(row.id)).toMatchObject({ status: 'FAILED', done: 0 });
  const runs = await h.query<Json>('SELECT id FROM bill_runs WHERE bulk_job_id = $1', [row.id]);
  expect(runs).toEqual([]);
});

test('the history pages the school’s runs newest first, with who started each', async () => {
  const named = { ...treasurer, name: 'Teresa Tesorera' };
  const body = { concept_id: conceptId, period: '2026-10', student_ids: ids(2) };
  const created = await h.call(named, `${BASE}/massive_assignments/`, { json: body });
  expect(created.status).toBe(202);
  await finished(created.body.id);
  const list = await h.call(staff('ACCOUNTANT'), `${BASE}/massive_jobs/?page_size=4`);
  expect(list.status).toBe(200);
  expect(list.body).toMatchObject({ count: 7, page: 1, page_size: 4 });
  const kinds = (page: Json) => page.results.map((j: Json) => j.kind);
  expect(kinds(list.body)).toEqual(['assignment', 'assignment', 'assignment', 'disassignment']);
  expect(list.body.results[0]).toMatchObject({ created_by_name: 'Teresa Tesorera', done: 1 });
  const second = await h.call(staff('ACCOUNTANT'), `${BASE}/massive_jobs/?page=2&page_size=4`);
  expect(kinds(second.body)).toEqual(['assignment', 'scholarship', 'assignment']);
  expect(second.body.results.at(-1).errors).toHaveLength(3);
});

test('the history filters by kind and status, with the count of what matches', async () => {
  const only = await h.call(staff('ACCOUNTANT'), `${BASE}/massive_jobs/?kind=scholarship`);
  expect(only.body.count).toBe(1);
  expect(only.body.results.map((j: Json) => j.kind)).toEqual(['scholarship']);
  const partial = await h.call(staff('ACCOUNTANT'), `${BASE}/massive_jobs/?status=PARTIAL_SUCCESS`);
  expect(partial.body.count).toBeGreaterThan(0);
  expect(partial.body.results.every((j: Json) => j.status === 'PARTIAL_SUCCESS')).toBe(true);
});

test.each([
  ['page=0', 'Demasiado pequeño'],
  ['page_size=500', 'Demasiado grande'],
  ['kind=beca', 'Elige un tipo de proceso válido.'],
  ['status=DONE', 'Elige un estatus válido.'],
])('the history with %s is a Spanish 400', async (query, message) => {
  const answer = await h.call(staff('ACCOUNTANT'), `${BASE}/massive_jobs/?${query}`);
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.body)).toContain(message);
});

test('a role without billing.read may not read the history: 403', async () => {
  expect((await h.call(staff('OTHER'), `${BASE}/massive_jobs/`)).status).toBe(403);
});

describe('access and bad input', () => {
  const assignment = { concept_id: '', period: '2026-09', student_ids: ids(1) };
  const post = (who: Json, path: string, json: unknown) => h.call(who, `${BASE}/${path}`, { json });

  test('a role without the permission is a 403; another school’s owner a 404; nothing written', async () => {
    const before = await jobCount();
    const body = { ...assignment, concept_id: conceptId };
    expect((await post(staff('ACCOUNTANT'), 'massive_assignments/', body)).status).toBe(403);
    const grant = {
      kind: 'PERCENT',
      basis_points: 500,
      concept_id: null,
      starts_on: '2026-09-01',
      reason: 'Beca',
      student_ids: ids(1),
    };
    expect(
      (await post(staff('ACCOUNTANT'), 'massive_scholarship_assignments/', grant)).status,
    ).toBe(403);
    // Another school's owner learns nothing of this one: a 404, as for its records.
    expect((await post(staff('OWNER', OTHER_SCHOOL), 'massive_assignments/', body)).status).toBe(
      404,
    );
    expect(await jobCount()).toBe(before);
  });

  test('another school’s job or concept is not found', async () => {
    const [any] = await h.query<Json>('SELECT id FROM bulk_jobs LIMIT 1');
    const other = staff('OWNER', OTHER_SCHOOL);
    const read = await h.call(
      other,
      `/api/v1/dashboard/schools/${OTHER_SCHOOL}/massive_jobs/${any.id}/`,
    );
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe('No encontramos este proceso masivo.');
    const otherConcept = await h.call(other, '/api/v1/dashboard/concepts/', {
      json: {
        school_id: OTHER_SCHOOL,
        name: 'Transporte',
        concept_type: 'TRANSPORT',
        recurrence: 'MONTHLY',
        price_centavos: 100_000,
        periods: ['2026-09'],
        due_day: 10,
      },
    });
    const body = { ...assignment, concept_id: otherConcept.body.id };
    const answer = await post(treasurer, 'massive_assignments/', body);
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe('No encontramos este concepto.');
  });

  test.each([
    ['no students', { student_ids: [] }, 'Elige al menos un alumno.'],
    ['a repeated student', { student_ids: ids(1, 1) }, 'Hay alumnos repetidos en la lista.'],
    ['a month the concept does not bill', { period: '2026-12' }, 'Elige uno de los meses'],
  ])('%s is a Spanish 400 with nothing written', async (_, change, message) => {
    const before = await jobCount();
    const answer = await post(treasurer, 'massive_assignments/', {
      ...assignment,
      concept_id: conceptId,
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect(await jobCount()).toBe(before);
  });

  test('a scholarship over 100 %, above the price or after the concept’s year is a Spanish 400', async () => {
    const grant = {
      kind: 'PERCENT',
      basis_points: 10_001,
      concept_id: conceptId,
      starts_on: '2026-09-01',
      reason: 'Beca',
      student_ids: ids(1),
    };
    const over = await post(treasurer, 'massive_scholarship_assignments/', grant);
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain('Una beca es como máximo del 100 %.');
    const { basis_points: _, ...rest } = grant;
    const amount = { ...rest, kind: 'AMOUNT', amount_centavos: PRICE + 1 };
    const above = await post(treasurer, 'massive_scholarship_assignments/', amount);
    expect(above.status).toBe(400);
    expect(above.body.error.message).toBe(
      'La beca no puede ser mayor que el precio del concepto ($4,850.00).',
    );
    const late = { ...rest, basis_points: 1_000, starts_on: '2027-09-01' };
    const after = await post(treasurer, 'massive_scholarship_assignments/', late);
    expect(after.status).toBe(400);
    expect(after.body.error.message).toBe(
      'La beca empezaría después del ciclo del concepto: elige una fecha entre septiembre de 2026 y agosto de 2027.',
    );
    const withoutReason = await post(treasurer, 'massive_dissassignments/', {
      ...assignment,
      concept_id: conceptId,
    });
    expect(withoutReason.status).toBe(400);
    expect(JSON.stringify(withoutReason.body)).toContain('Escribe el motivo.');
  });
});
