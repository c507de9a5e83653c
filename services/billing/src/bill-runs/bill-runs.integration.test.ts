import {
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
} from '../test-support/billing-harness';

jest.setTimeout(30_000);

let h: BillingHarness;
let monthly: string;
let single: string;

const RUNS = '/book-keeper/massive_concept_assignments/';

beforeAll(async () => {
  h = await startBillingHarness();
  await h.enrol(
    {},
    {},
    {},
    { status: 'inactive' },
    { level: 'pre-school' },
    {},
    { school_id: OTHER_SCHOOL },
  );
  const concept = (json: object) =>
    h.call(staff(), '/api/v1/dashboard/concepts/', { json: { school_id: SCHOOL, ...json } });
  monthly = (
    await concept({
      name: 'Colegiatura Primaria',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: 485_000,
      level: 'elementary',
      periods: ['2026-09', '2026-10'],
      due_day: 10,
      late_fee: { kind: 'FIXED', amount_centavos: 15_000, grace_days: 5 },
    })
  ).body.id;
  single = (
    await concept({
      name: 'Inscripción',
      concept_type: 'INSCRIPTION',
      recurrence: 'SINGLE',
      price_centavos: 350_000,
      due_on: '2026-08-15',
    })
  ).body.id;
});
afterAll(() => h?.dispose());

const events = (type: string) =>
  h.query<{ data: Record<string, unknown> }>(
    `SELECT payload->'data' AS data FROM outbox_events WHERE type = $1 ORDER BY seq`,
    [type],
  );

test('a bill run orders the active students of the level once; running it again is refused', async () => {
  const body = { school_id: SCHOOL, concept_id: monthly, period: '2026-09' };
  const first = await h.call(staff(), RUNS, { json: body });
  expect(first.status).toBe(202);
  expect(first.body).toMatchObject({
    status: 'FINISHED',
    eligible_students: 4,
    created_orders: 4,
    existing_orders: 0,
    total_centavos: 4 * 485_000,
  });
  const before = await h.counts();
  const again = await h.call(staff(), RUNS, { json: body });
  expect(again.status).toBe(409);
  expect(again.body.error.message).toBe(
    `La generación de «Colegiatura Primaria» de septiembre de 2026 (${first.body.id}) ya se hizo: deshazla si quieres generarla de nuevo.`,
  );
  expect(await h.counts()).toEqual(before);

  const orders = await h.query<{ student_id: string; due_on: string; amount_centavos: number }>(
    `SELECT student_id, to_char(due_on, 'YYYY-MM-DD') AS due_on, amount_centavos FROM orders ORDER BY student_id`,
  );
  expect(orders.map((o) => o.student_id)).toEqual([1, 2, 3, 6].map(studentId));
  expect(new Set(orders.map((o) => `${o.due_on} ${o.amount_centavos}`))).toEqual(
    new Set(['2026-09-10 485000']),
  );
  expect(await events('billing.orders.billed')).toEqual([
    {
      data: {
        school_id: SCHOOL,
        batch_id: first.body.id,
        concept_id: monthly,
        concept_type: 'MONTHLY_FEE',
        period: '2026-09',
        orders: 4,
        total_centavos: 1_940_000,
        part: 1,
        parts: 1,
        detail: {
          concept_name: 'Colegiatura Primaria',
          items: [1, 2, 3, 6].map((n) => ({
            order_id: expect.any(String),
            student_id: studentId(n),
            amount_centavos: 485_000,
          })),
        },
      },
    },
  ]);
  const balances = await h.query(
    `SELECT open_orders, pending_centavos::int AS pending, to_char(grace_ends_on, 'YYYY-MM-DD') AS grace
       FROM student_balances WHERE student_id = $1`,
    [studentId(1)],
  );
  expect(balances).toEqual([{ open_orders: 1, pending: 485_000, grace: '2026-09-15' }]);

  const read = await h.call(staff('CASH_COLLECTION'), `${RUNS}${first.body.id}/`);
  expect(read.status).toBe(200);
  expect(read.body.created_orders).toBe(4);

  // The concepts list counts the orders billed from each concept.
  const list = await h.call(staff(), `/api/v1/dashboard/schools/${SCHOOL}/concepts/`);
  const counts = Object.fromEntries(
    list.body.map((c: { id: string; orders: number }) => [c.id, c.orders]),
  );
  expect(counts).toEqual({ [monthly]: 4, [single]: 0 });
  expect((await h.call(staff(), `/api/v1/dashboard/concepts/${monthly}/`)).body.orders).toBe(4);
  // …and a concept with orders cannot be deleted: it is deactivated instead.
  const removal = await h.call(staff(), `/api/v1/dashboard/concepts/${monthly}/`, {
    method: 'DELETE',
  });
  expect(removal.status).toBe(409);
  expect(removal.body.error.message).toBe(
    'El concepto ya tiene 4 órdenes: desactívalo en lugar de eliminarlo.',
  );
});

test('undoing a run removes its unpaid orders, keeps paid ones, and says so in one event', async () => {
  const run = await h.call(staff(), RUNS, { json: { school_id: SCHOOL, concept_id: single } });
  expect(run.body.created_orders).toBe(5); // every level: a one-time concept without level
  await h.query(
    `UPDATE orders SET paid_base_centavos = 100000 WHERE bill_run_id = $1 AND student_id = $2`,
    [run.body.id, studentId(1)],
  );
  const undone = await h.call(staff(), `${RUNS}${run.body.id}/`, { method: 'DELETE' });
  expect(undone.status).toBe(200);
  expect(undone.body).toMatchObject({ removed_orders: 4, kept_orders: 1 });
  expect((await events('billing.orders.voided')).map((e) => e.data)).toEqual([
    expect.objectContaining({ batch_id: run.body.id, orders: 4, total_centavos: 1_400_000 }),
  ]);
  const again = await h.call(staff(), `${RUNS}${run.body.id}/`, { method: 'DELETE' });
  expect(again.body).toMatchObject({ removed_orders: 4, kept_orders: 1 });
  expect(await events('billing.orders.voided')).toHaveLength(1);
  const [kinder] = await h.query(`SELECT open_orders FROM student_balances WHERE student_id = $1`, [
    studentId(5),
  ]);
  expect(kinder).toEqual({ open_orders: 0 });
});

const PREVIEW = `/api/v1/dashboard/schools/${SCHOOL}/bill_run_preview/`;

test('the preview counts whom a run would bill, per level, and names the run that stands', async () => {
  const october = await h.call(
    staff('TREASURER'),
    `${PREVIEW}?concept_id=${monthly}&period=2026-10`,
  );
  expect(october.status).toBe(200);
  expect(october.body).toEqual({
    concept_id: monthly,
    period: '2026-10',
    students: 4,
    total_centavos: 4 * 485_000,
    existing_orders: 0,
    levels: [{ level: 'elementary', students: 4, total_centavos: 4 * 485_000 }],
    standing_run: null,
  });
  const september = await h.call(staff(), `${PREVIEW}?concept_id=${monthly}&period=2026-09`);
  const [run] = await h.query<{ id: string }>(
    `SELECT id FROM bill_runs WHERE concept_id = $1 AND period = '2026-09'`,
    [monthly],
  );
  expect(september.body).toMatchObject({
    students: 0,
    existing_orders: 4,
    levels: [],
    standing_run: { id: run!.id, status: 'FINISHED' },
  });
  // The one-time run was undone (one paid order stayed): it may run again for the others.
  const once = await h.call(staff(), `${PREVIEW}?concept_id=${single}`);
  expect(once.body).toMatchObject({
    period: null,
    students: 4,
    existing_orders: 1,
    levels: [
      { level: 'elementary', students: 3, total_centavos: 3 * 350_000 },
      { level: 'pre-school', students: 1, total_centavos: 350_000 },
    ],
    standing_run: null,
  });
  const rerun = await h.call(staff(), RUNS, { json: { school_id: SCHOOL, concept_id: single } });
  expect(rerun.status).toBe(202);
  expect(rerun.body).toMatchObject({ created_orders: 4, existing_orders: 1 });
});

test('the preview: a Spanish 400 for a bad month, 403 without concepts.write, 404 elsewhere', async () => {
  const bad = await h.call(staff(), `${PREVIEW}?concept_id=${monthly}&period=2026-11`);
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toBe(
    'Elige uno de los meses del concepto: septiembre de 2026, octubre de 2026.',
  );
  const query = `?concept_id=${monthly}&period=2026-10`;
  expect((await h.call(staff('ADMISSIONS'), `${PREVIEW}${query}`)).status).toBe(403);
  expect((await h.call(family(), `${PREVIEW}${query}`)).status).toBe(403);
  const outsider = staff('OWNER', OTHER_SCHOOL);
  expect((await h.call(outsider, `${PREVIEW}${query}`)).status).toBe(404);
  const theirs = `/api/v1/dashboard/schools/${OTHER_SCHOOL}/bill_run_preview/${query}`;
  const foreign = await h.call(outsider, theirs);
  expect(foreign.status).toBe(404);
  expect(foreign.body.error.message).toBe('No encontramos este concepto.');
});

test.each([
  [
    'a monthly concept without period',
    { period: undefined },
    'Elige uno de los meses del concepto: septiembre de 2026, octubre de 2026.',
    400,
  ],
  [
    'a month the concept does not bill',
    { period: '2026-11' },
    'Elige uno de los meses del concepto: septiembre de 2026, octubre de 2026.',
    400,
  ],
  [
    'a period that is not AAAA-MM',
    { period: '2026-9' },
    'Revisa los datos enviados en el cuerpo de la solicitud.',
    400,
  ],
  [
    'an unknown concept',
    { concept_id: '99999999-9999-4999-8999-999999999999' },
    'No encontramos este concepto.',
    404,
  ],
])('%s: a Spanish refusal and nothing written', async (_label, change, message, status) => {
  const before = await h.counts();
  const res = await h.call(staff(), RUNS, {
    json: { school_id: SCHOOL, concept_id: monthly, period: '2026-09', ...change },
  });
  expect(res.status).toBe(status);
  expect(res.body.error.message).toBe(message);
  expect(await h.counts()).toEqual(before);
});

test('a role without concepts.write gets 403, another school 404, a guardian 403', async () => {
  const before = await h.counts();
  const body = { school_id: SCHOOL, concept_id: monthly, period: '2026-10' };
  expect((await h.call(staff('ADMISSIONS'), RUNS, { json: body })).status).toBe(403);
  expect((await h.call(family(), RUNS, { json: body })).status).toBe(403);
  const outsider = staff('OWNER', OTHER_SCHOOL);
  expect((await h.call(outsider, RUNS, { json: body })).status).toBe(404);
  // Their own school id with our concept: the concept does not exist for them.
  const theirs = await h.call(outsider, RUNS, { json: { ...body, school_id: OTHER_SCHOOL } });
  expect(theirs.status).toBe(404);
  const [run] = await h.query<{ id: string }>('SELECT id FROM bill_runs LIMIT 1');
  for (const method of ['GET', 'DELETE']) {
    const res = await h.call(outsider, `${RUNS}${run!.id}/`, { method });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No encontramos esta generación de órdenes.');
  }
  expect(
    (await h.call(staff('ADMISSIONS'), `${RUNS}${run!.id}/`, { method: 'DELETE' })).status,
  ).toBe(403);
  expect(await h.counts()).toEqual(before);
});
