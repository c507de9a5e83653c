import { waitFor } from '@cuota/testing/wait-for';
import { RUNNER_DEFAULTS, wakeRunnerOf } from '../bulk-jobs/bulk-job-runner';
import { saveBulkJob } from '../bulk-jobs/bulk-job-repository';
import {
  OTHER_SCHOOL,
  SCHOOL,
  staff,
  startBillingHarness,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { chunkOf } from '../test-support/bulk-job-school';
import { INLINE_STUDENTS, startBillRun } from './bill-run-job';

jest.setTimeout(60_000);

/** More than a request bills inline: each run is a job the runner (or the test) goes through. */
const STUDENTS = INLINE_STUDENTS + 203;
const PRICE = 485_000;
const RUNS = '/book-keeper/massive_concept_assignments/';
const JOBS = `/api/v1/dashboard/schools/${SCHOOL}/massive_jobs/`;
const treasurer = staff('TREASURER');
const o = { ...RUNNER_DEFAULTS, billRunChunkSize: 500 };

let h: BillingHarness;
let tuition: string;

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-08-01T18:00:00Z') });
  await h.query(
    `INSERT INTO student_directory (student_id, school_id, first_name, last_name, level, status, updated_at)
     SELECT '00000000-0000-4000-8000-' || lpad(n::text, 12, '0'), $1, 'Alumno ' || n, 'Pérez',
            'elementary', 'active', now()
       FROM generate_series(1, $2::int) AS n`,
    [SCHOOL, STUDENTS],
  );
  tuition = (
    await h.call(staff('OWNER'), '/api/v1/dashboard/concepts/', {
      json: {
        school_id: SCHOOL,
        name: 'Colegiatura Primaria',
        concept_type: 'MONTHLY_FEE',
        recurrence: 'MONTHLY',
        price_centavos: PRICE,
        level: 'elementary',
        periods: ['2026-09', '2026-10', '2026-11', '2026-12'],
        due_day: 10,
      },
    })
  ).body.id;
});
afterAll(() => h?.dispose());

const read = async (id: string) => (await h.call(staff(), `${RUNS}${id}/`)).body;
const ended = (id: string) =>
  waitFor(async () => {
    const run = await read(id);
    return run.status === 'PENDING' ? null : run;
  }, 30_000);

/** A run created as the endpoint does, held by `token` as if a runner had just claimed it. */
async function heldRun(period: string, token: string) {
  return h.service.db.transaction(async (tx) => {
    const run = await startBillRun(tx, { school_id: SCHOOL, concept_id: tuition, period }, null);
    await saveBulkJob(tx, run.id, { leaseToken: token, leaseUntil: new Date(Date.now() + 3.6e6) });
    return run;
  });
}
const chunk = (id: string, token: string) => chunkOf(h, id, token, o);

/** Each student's order of the period once, and the billed events adding up to them. */
async function billedOnce(period: string) {
  const [orders] = await h.query<Json>(
    `SELECT count(*)::int AS n, count(DISTINCT student_id)::int AS students FROM orders
      WHERE concept_id = $1 AND period = $2`,
    [tuition, period],
  );
  const [events] = await h.query<Json>(
    `SELECT coalesce(sum((payload->'data'->>'orders')::int), 0)::int AS n FROM outbox_events
      WHERE type = 'billing.orders.billed' AND payload->'data'->>'period' = $1`,
    [period],
  );
  return { orders: orders.n, students: orders.students, announced: events.n };
}

test('a big run answers PENDING; its progress shows; a killed runner is resumed, nothing twice', async () => {
  const dead = '00000000-dead-4000-8000-000000000000';
  const run = await heldRun('2026-09', dead);
  expect(run).toMatchObject({
    status: 'PENDING',
    progress: { status: 'PENDING', total: STUDENTS },
  });
  // The dying runner commits one chunk of 500, then is killed.
  expect(await chunk(run.id, dead)).toBe(true);
  expect(await read(run.id)).toMatchObject({
    status: 'PENDING',
    created_orders: 500,
    progress: { done: 500, total: STUDENTS },
  });
  await h.query(`UPDATE bulk_jobs SET lease_until = now() - interval '1 second' WHERE id = $1`, [
    run.id,
  ]);
  wakeRunnerOf(h.service.db);
  expect(await ended(run.id)).toMatchObject({
    status: 'FINISHED',
    eligible_students: STUDENTS,
    created_orders: STUDENTS,
    total_centavos: STUDENTS * PRICE,
    progress: { status: 'SUCCESS', done: STUDENTS, failed: 0 },
  });
  expect(await chunk(run.id, dead)).toBe(false); // the dead token commits nothing more
  expect(await billedOnce('2026-09')).toEqual({
    orders: STUDENTS,
    students: STUDENTS,
    announced: STUDENTS,
  });
  // The run is in the jobs' history, and undone like any finished run.
  const history = (await h.call(treasurer, JOBS)).body;
  expect(history.results[0]).toMatchObject({ id: run.id, kind: 'bill_run', status: 'SUCCESS' });
  const undone = await h.call(staff(), `${RUNS}${run.id}/`, { method: 'DELETE' });
  expect(undone.body).toMatchObject({ removed_orders: STUDENTS, kept_orders: 0 });
  expect((await billedOnce('2026-09')).orders).toBe(0);
  // Undone, its month may be run again.
  const again = await h.call(treasurer, RUNS, {
    json: { school_id: SCHOOL, concept_id: tuition, period: '2026-09' },
  });
  expect(again.status).toBe(202);
  expect(await ended(again.body.id)).toMatchObject({ created_orders: STUDENTS });
});

test('20 starts of one month at once make one run; the others are refused naming it', async () => {
  const body = { school_id: SCHOOL, concept_id: tuition, period: '2026-10' };
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => h.call(treasurer, RUNS, { json: body })),
  );
  const started = answers.filter((a) => a.status === 202);
  expect(started).toHaveLength(1);
  const id = started[0]!.body.id;
  const refusals = answers.filter((a) => a.status === 409).map((a) => a.body.error.message);
  expect(refusals).toHaveLength(19);
  // Refused while it ran or after it ended, depending on when each start got the concept.
  for (const message of refusals)
    expect(message).toMatch(
      new RegExp(`^La generación de «Colegiatura Primaria» de octubre de 2026 \\(${id}\\) `),
    );
  expect(await ended(id)).toMatchObject({ status: 'FINISHED', created_orders: STUDENTS });
  expect(await billedOnce('2026-10')).toEqual({
    orders: STUDENTS,
    students: STUDENTS,
    announced: STUDENTS,
  });
  const [runs] = await h.query<Json>(
    `SELECT count(*)::int AS n FROM bill_runs WHERE id = bulk_job_id AND period = '2026-10'`,
  );
  expect(runs.n).toBe(1);
});

test('cancel stops a running run at its next chunk; it can be undone only once it ended', async () => {
  const token = '00000000-0000-4000-8000-00000000beef';
  const run = await heldRun('2026-11', token);
  expect(await chunk(run.id, token)).toBe(true);
  const busy = await h.call(staff(), `${RUNS}${run.id}/`, { method: 'DELETE' });
  expect(busy.status).toBe(409);
  expect(busy.body.error.message).toBe(
    'Esta generación sigue en curso: espera a que termine o cancélala para deshacerla.',
  );
  // Who may start a bill run (concepts.write) cancels it: the accountant, not the cashier.
  const refused = await h.call(staff('CASH_COLLECTION'), `${JOBS}${run.id}/cancel/`, { json: {} });
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toBe(
    'Tu rol no puede detener ni reintentar este tipo de proceso.',
  );
  expect((await h.call(staff(), `${JOBS}${run.id}/cancel/`, { json: {} })).status).toBe(200);
  expect(await chunk(run.id, token)).toBe(false);
  expect(await read(run.id)).toMatchObject({
    status: 'FINISHED',
    created_orders: 500,
    progress: { status: 'CANCELED', done: 500 },
  });
  const undone = await h.call(staff(), `${RUNS}${run.id}/`, { method: 'DELETE' });
  expect(undone.body).toMatchObject({ removed_orders: 500 });
  expect((await billedOnce('2026-11')).orders).toBe(0);
});

test('students who left meanwhile are errors; a retry bills them once they are back', async () => {
  const token = '00000000-0000-4000-8000-00000000cafe';
  const run = await heldRun('2026-12', token);
  const left = ['000000000001', '000000001203'].map((n) => `00000000-0000-4000-8000-${n}`);
  const setStatus = (status: string) =>
    h.query(`UPDATE student_directory SET status = $1 WHERE student_id = ANY($2)`, [status, left]);
  await setStatus('inactive');
  while (await chunk(run.id, token));
  const partial = await read(run.id);
  expect(partial).toMatchObject({
    status: 'FINISHED_WITH_ERROR',
    created_orders: STUDENTS - 2,
    progress: { status: 'PARTIAL_SUCCESS', done: STUDENTS, failed: 2 },
  });
  expect(partial.progress.errors).toEqual(
    left.map((id, i) => ({
      student_id: id,
      student_name: `Alumno ${i === 0 ? 1 : 1203} Pérez`,
      reason: 'Este alumno no está activo.',
    })),
  );
  await setStatus('active');
  expect((await h.call(staff(), `${JOBS}${run.id}/retry/`, { json: {} })).status).toBe(200);
  expect(await ended(run.id)).toMatchObject({
    status: 'FINISHED',
    created_orders: STUDENTS,
    progress: { status: 'SUCCESS', done: STUDENTS, failed: 0 },
  });
  expect(await billedOnce('2026-12')).toEqual({
    orders: STUDENTS,
    students: STUDENTS,
    announced: STUDENTS,
  });
});

test('another school reads or cancels none of it (404); a role without the permission gets 403', async () => {
  const [run] = await h.query<{ id: string }>(
    `SELECT id FROM bill_runs WHERE id = bulk_job_id LIMIT 1`,
  );
  const outsider = staff('OWNER', OTHER_SCHOOL);
  expect((await h.call(outsider, `${RUNS}${run!.id}/`)).status).toBe(404);
  const theirJobs = `/api/v1/dashboard/schools/${OTHER_SCHOOL}/massive_jobs/`;
  expect((await h.call(outsider, `${theirJobs}${run!.id}/`)).status).toBe(404);
  expect((await h.call(outsider, `${theirJobs}${run!.id}/cancel/`, { json: {} })).status).toBe(404);
  expect((await h.call(staff('OTHER'), `${RUNS}${run!.id}/`)).status).toBe(403);
  expect(
    (await h.call(staff('CASH_COLLECTION'), `${JOBS}${run!.id}/retry/`, { json: {} })).status,
  ).toBe(403);
});
