import {
  OTHER_SCHOOL,
  SCHOOL,
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
  PRICE,
  startBulkJobSchool,
} from '../test-support/bulk-job-school';

jest.setTimeout(60_000);

let h: BillingHarness;
let conceptId: string;
const MASSIVE = `${BASE}/massive_special_discounts/`;
const treasurer = staff('TREASURER');

beforeAll(async () => {
  // 1, 2, 3: elementary and active; 4: another school's.
  ({ h, conceptId } = await startBulkJobSchool({}, {}, {}, { school_id: OTHER_SCHOOL }));
  await h.call(staff('OWNER'), '/book-keeper/massive_concept_assignments/', {
    json: { school_id: SCHOOL, concept_id: conceptId, period: '2026-09' },
  });
  // Student 2 paid part of September: its order is not silently changed (ADR 0035).
  await h.query(
    `UPDATE orders SET paid_base_centavos = 1000 WHERE period = '2026-09' AND student_id = $1`,
    [studentId(2)],
  );
});
afterAll(() => h?.dispose());

const ids = (...n: number[]) => n.map(studentId);
const finished = (id: string) => finishedJob(h, id);
const september = () =>
  h.query<Json>(
    `SELECT student_id, discount_centavos, total_centavos FROM orders
      WHERE concept_id = $1 AND period = '2026-09' ORDER BY student_id`,
    [conceptId],
  );
const written = async () =>
  (
    await h.query<Json>(`SELECT (SELECT count(*) FROM bulk_jobs)::int AS jobs,
      (SELECT count(*) FROM special_charges)::int AS charges,
      (SELECT count(*) FROM order_adjustments)::int AS trail`)
  )[0];

test('a 10 % discount for many students: each unpaid order discounted, a reason per student left out', async () => {
  const body = {
    concept_id: conceptId,
    period: '2026-09',
    kind: 'PERCENT',
    basis_points: 1_000,
    reason: 'Descuento por convenio',
    student_ids: ids(1, 2, 3, 4),
  };
  const headers = { 'idempotency-key': 'descuento-convenio' };
  const created = await h.call(treasurer, MASSIVE, { json: body, headers });
  expect(created.status).toBe(202);
  expect(created.body).toMatchObject({ kind: 'discount', total: 4 });
  expect(created.body.params).toEqual({
    concept_id: conceptId,
    period: '2026-09',
    kind: 'PERCENT',
    basis_points: 1_000,
    reason: 'Descuento por convenio',
  });
  const again = await h.call(treasurer, MASSIVE, { json: body, headers });
  expect(again.body.id).toBe(created.body.id);

  const done = await finished(created.body.id);
  expect(done).toMatchObject({ status: 'PARTIAL_SUCCESS', total: 4, done: 4, failed: 2 });
  const reasons = Object.fromEntries(done.errors.map((e: Json) => [e.student_id, e.reason]));
  expect(reasons).toEqual({
    [studentId(2)]: expect.stringContaining('Esta orden ya tiene pagos.'),
    [studentId(4)]: 'Este alumno no tiene la orden de este concepto y periodo.',
  });
  expect(await september()).toEqual([
    { student_id: studentId(1), discount_centavos: 48_500, total_centavos: PRICE - 48_500 },
    { student_id: studentId(2), discount_centavos: 0, total_centavos: PRICE },
    { student_id: studentId(3), discount_centavos: 48_500, total_centavos: PRICE - 48_500 },
  ]);
  // What a student's order shows: the trail entry with who and why, and the school's list.
  const list = await h.call(staff('ACCOUNTANT'), `${BASE}/special_discounts/`);
  expect(list.body.map((c: Json) => [c.student_id, c.applied_centavos, c.reason])).toEqual(
    expect.arrayContaining([
      [studentId(1), 48_500, 'Descuento por convenio'],
      [studentId(3), 48_500, 'Descuento por convenio'],
    ]),
  );
  const trail = await h.query<Json>(
    `SELECT adjusted_by, reason FROM order_adjustments WHERE kind = 'discount'`,
  );
  expect(trail).toEqual([
    { adjusted_by: 'user-TREASURER', reason: 'Descuento por convenio' },
    { adjusted_by: 'user-TREASURER', reason: 'Descuento por convenio' },
  ]);
});

test('a chunk done again (a runner killed before it knew) discounts nothing twice', async () => {
  const before = await written();
  const token = '00000000-0000-4000-8000-0000000000d1';
  const row = await heldJob(h, token, {
    kind: 'discount',
    params: {
      concept_id: conceptId,
      period: '2026-09',
      kind: 'PERCENT',
      basis_points: 1_000,
      reason: 'Descuento por convenio',
    },
    studentIds: ids(1, 3),
    createdBy: 'user-TREASURER',
  });
  expect(await chunkOf(h, row.id, token)).toBe(true);
  expect(await written()).toEqual({ ...before, jobs: before.jobs + 1 });
  expect((await september()).map((o) => o.discount_centavos)).toEqual([48_500, 0, 48_500]);
});

describe('access and bad input', () => {
  const discount = () => ({
    concept_id: conceptId,
    period: '2026-09',
    kind: 'AMOUNT',
    amount_centavos: 50_000,
    reason: 'Descuento por convenio',
    student_ids: ids(1),
  });

  test('a role without scholarships.write is a 403; another school’s owner a 404; nothing written', async () => {
    const before = await written();
    for (const role of ['ACCOUNTANT', 'ADMISSIONS', 'CASH_COLLECTION', 'OTHER'] as const)
      expect((await h.call(staff(role), MASSIVE, { json: discount() })).status).toBe(403);
    const other = await h.call(staff('OWNER', OTHER_SCHOOL), MASSIVE, { json: discount() });
    expect(other.status).toBe(404);
    expect(await written()).toEqual(before);
  });

  test.each([
    ['a negative amount', { amount_centavos: -100 }, 'La cantidad no puede ser negativa.'],
    ['a fractional amount', { amount_centavos: 10.5 }, 'sin decimales'],
    [
      'more than the price',
      { amount_centavos: PRICE + 1 },
      'El descuento no puede ser mayor que el precio del concepto ($4,850.00).',
    ],
    [
      'a fixed price at the price',
      { kind: 'FIXED', amount_centavos: PRICE },
      'El precio fijo debe ser menor que el precio del concepto ($4,850.00).',
    ],
    [
      '100 % + 0.01',
      { kind: 'PERCENT', amount_centavos: undefined, basis_points: 10_001 },
      'El porcentaje es como máximo del 100 %.',
    ],
    ['no reason', { reason: ' ' }, 'Escribe el motivo'],
    ['a month the concept does not bill', { period: '2026-12' }, 'Elige uno de los meses'],
    ['no students', { student_ids: [] }, 'Elige al menos un alumno.'],
  ])('%s is a Spanish 400 with nothing written', async (_, change, message) => {
    const before = await written();
    const answer = await h.call(treasurer, MASSIVE, { json: { ...discount(), ...change } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect(await written()).toEqual(before);
  });
});
