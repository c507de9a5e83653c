import { waitFor } from '@cuota/testing/wait-for';
import {
  SCHOOL,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';

jest.setTimeout(60_000);

/** More than two parts' worth: 500 + 500 + 203. */
const STUDENTS = 1_203;
const PRICE = 485_000;

let h: BillingHarness;
let tuition: string;

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-08-01T18:00:00Z') });
  await h.enrol({});
  // The rest of the school in one statement, as enrolment's copy would hold them.
  await h.query(
    `INSERT INTO student_directory (student_id, school_id, first_name, last_name, level, status, updated_at)
     SELECT '00000000-0000-4000-8000-' || lpad(n::text, 12, '0'), $1, 'Alumno ' || n, 'Pérez',
            'elementary', 'active', now()
       FROM generate_series(2, $2::int) AS n`,
    [SCHOOL, STUDENTS],
  );
  tuition = (
    await h.call(staff(), '/api/v1/dashboard/concepts/', {
      json: {
        school_id: SCHOOL,
        name: 'Colegiatura Primaria',
        concept_type: 'MONTHLY_FEE',
        recurrence: 'MONTHLY',
        price_centavos: PRICE,
        level: 'elementary',
        periods: ['2026-09'],
        due_day: 10,
      },
    })
  ).body.id;
});
afterAll(() => h?.dispose());

const billed = async () =>
  (
    await h.query<{ data: Json }>(
      `SELECT payload->'data' AS data FROM outbox_events WHERE type = 'billing.orders.billed' ORDER BY seq`,
    )
  ).map((e) => e.data);

test('a run of 1,203 orders is announced in 3 parts of at most 500 that add up to the run', async () => {
  // Student 2's half scholarship is on before the run: the detail carries what the order charges.
  const grant = await h.call(
    staff('TREASURER'),
    `/api/v1/dashboard/schools/${SCHOOL}/scholarships/`,
    {
      json: {
        student_id: studentId(2),
        concept_id: tuition,
        kind: 'PERCENT',
        basis_points: 5_000,
        starts_on: '2026-08-01',
        reason: 'Beca de excelencia académica',
      },
    },
  );
  expect(grant.status).toBe(201);

  const run = await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
    json: { school_id: SCHOOL, concept_id: tuition, period: '2026-09' },
  });
  // More than a request does inline (ADR 0046): a job the runner finishes.
  expect(run.body).toMatchObject({ status: 'PENDING', progress: { total: STUDENTS } });
  const done = await waitFor(async () => {
    const read = await h.call(staff(), `/book-keeper/massive_concept_assignments/${run.body.id}/`);
    return read.body.status === 'PENDING' ? null : read.body;
  }, 30_000);
  expect(done).toMatchObject({
    status: 'FINISHED',
    created_orders: STUDENTS,
    total_centavos: STUDENTS * PRICE,
    progress: { status: 'SUCCESS', done: STUDENTS, failed: 0 },
  });

  const parts = await billed();
  expect(parts.map((p) => [p.part, p.parts, p.orders, p.detail.items.length])).toEqual([
    [1, 3, 500, 500],
    [2, 3, 500, 500],
    [3, 3, 203, 203],
  ]);
  for (const p of parts)
    expect(p).toMatchObject({
      batch_id: run.body.id,
      concept_id: tuition,
      period: '2026-09',
      total_centavos: p.orders * PRICE,
      detail: { concept_name: 'Colegiatura Primaria' },
    });
  expect(parts.reduce((s, p) => s + p.total_centavos, 0)).toBe(done.total_centavos);

  // Every order of the run once, in student order, with its own id and amount.
  const items = parts.flatMap((p) => p.detail.items);
  const orders = await h.query<{ id: string; student_id: string }>(
    `SELECT id, student_id FROM orders WHERE bill_run_id = $1 ORDER BY student_id`,
    [run.body.id],
  );
  expect(items.map((i: Json) => [i.order_id, i.student_id])).toEqual(
    orders.map((o) => [o.id, o.student_id]),
  );
  const amounts = new Map(items.map((i: Json) => [i.student_id, i.amount_centavos]));
  expect(amounts.get(studentId(1))).toBe(PRICE);
  expect(amounts.get(studentId(2))).toBe(PRICE / 2);

  // Running it again bills nothing, and announces nothing.
  await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
    json: { school_id: SCHOOL, concept_id: tuition, period: '2026-09' },
  });
  expect(await billed()).toHaveLength(3);
});
