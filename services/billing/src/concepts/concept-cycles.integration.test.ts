import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';

jest.setTimeout(60_000);

// 15 October 2026 in Mexico City: October is the current month, November the next.
let h: BillingHarness;
const CYCLE = '77777777-7777-4777-8777-777777777777';
const CONCEPTS = `/api/v1/dashboard/schools/${SCHOOL}/concepts/`;
const BATCH = `${CONCEPTS}batch/`;
const ROOTS = `/api/v1/dashboard/schools/${SCHOOL}/root_concepts/`;

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-10-15T18:00:00Z') });
  await h.enrol({});
});
afterAll(() => h?.dispose());

const monthly = (name: string, extra: Json = {}) => ({
  name,
  concept_type: 'MONTHLY_FEE',
  recurrence: 'MONTHLY',
  price_centavos: 400_000,
  level: 'elementary',
  periods: ['2026-10', '2026-11', '2026-12'],
  due_day: 10,
  ...extra,
});
const names = (body: Json[]) => body.map((c) => c.name);
const ordersOf = (conceptId: string) =>
  h.query<{ student_id: string; period: string }>(
    `SELECT student_id, period FROM orders WHERE concept_id = $1 ORDER BY period, student_id`,
    [conceptId],
  );

describe('batch creation', () => {
  test('creates every concept in the order sent, in its cycle and with its visibility', async () => {
    const res = await h.call(staff(), BATCH, {
      json: {
        concepts: [
          monthly('Colegiatura 2026-2027', { cycle_id: CYCLE }),
          {
            name: 'Seguro escolar',
            concept_type: 'INSURANCE',
            recurrence: 'SINGLE',
            price_centavos: 90_000,
            due_on: '2026-11-20',
            visibility: 'STAFF',
          },
          monthly('Cuota anterior', { cycle_id: CYCLE, visibility: 'HIDDEN' }),
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(
      res.body.map((c: Json) => [c.name, c.cycle_id, c.visibility, c.auto_assign, c.school_id]),
    ).toEqual([
      ['Colegiatura 2026-2027', CYCLE, 'PUBLIC', false, SCHOOL],
      ['Seguro escolar', null, 'STAFF', false, SCHOOL],
      ['Cuota anterior', CYCLE, 'HIDDEN', false, SCHOOL],
    ]);

    // Hidden concepts leave the dashboard's lists unless asked for by name of visibility.
    const listed = await h.call(staff('CASH_COLLECTION'), CONCEPTS);
    expect(names(listed.body)).toEqual(['Colegiatura 2026-2027', 'Seguro escolar']);
    const hidden = await h.call(staff(), `${CONCEPTS}?visibility=HIDDEN`);
    expect(names(hidden.body)).toEqual(['Cuota anterior']);
    const ofCycle = await h.call(staff(), `${CONCEPTS}?cycle_id=${CYCLE}`);
    expect(names(ofCycle.body)).toEqual(['Colegiatura 2026-2027']);
    // Root concepts: the school's concepts in no cycle.
    const roots = await h.call(staff('TREASURER'), ROOTS);
    expect(roots.status).toBe(200);
    expect(names(roots.body)).toEqual(['Seguro escolar']);
  });

  test('a bad item is a Spanish 400 naming its position, and nothing is written', async () => {
    const before = await h.counts();
    const res = await h.call(staff(), BATCH, {
      json: { concepts: [monthly('Talleres'), monthly('Robótica', { price_centavos: -5 })] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({
      path: 'concepts.1.price_centavos',
      message: 'La cantidad no puede ser negativa.',
    });
    expect(await h.counts()).toEqual(before);
  });

  test('a name repeated in the batch or already in the cycle is refused per item, all or nothing', async () => {
    const before = await h.counts();
    const res = await h.call(staff(), BATCH, {
      json: {
        concepts: [
          monthly('Natación'),
          monthly('natación '),
          monthly('Colegiatura 2026-2027', { cycle_id: CYCLE }),
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Revisa los conceptos marcados: no se creó ninguno.');
    expect(res.body.error.details).toEqual([
      {
        path: 'concepts.1.name',
        message: 'Concepto 2: el nombre «natación» se repite en el lote.',
      },
      {
        path: 'concepts.2.name',
        message:
          'Concepto 3: ya existe un concepto «Colegiatura 2026-2027» en la escuela para este ciclo.',
      },
    ]);
    expect(await h.counts()).toEqual(before);
  });

  test('an empty batch, a role without concepts.write, a family and another school write nothing', async () => {
    const before = await h.counts();
    const empty = await h.call(staff(), BATCH, { json: { concepts: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].message).toBe('Agrega al menos un concepto.');
    const json = { concepts: [monthly('Ajedrez')] };
    for (const role of ['CASH_COLLECTION', 'ADMISSIONS', 'OTHER'] as const)
      expect((await h.call(staff(role), BATCH, { json })).status).toBe(403);
    expect((await h.call(family(), BATCH, { json })).status).toBe(403);
    const outsider = await h.call(staff('OWNER', OTHER_SCHOOL), BATCH, { json });
    expect(outsider.status).toBe(404);
    expect(await h.counts()).toEqual(before);
  });

  test('a retried batch with its Idempotency-Key creates the concepts once', async () => {
    const headers = { 'idempotency-key': 'lote-ajedrez-1' };
    const json = { concepts: [monthly('Ajedrez')] };
    const first = await h.call(staff(), BATCH, { json, headers });
    const again = await h.call(staff(), BATCH, { json, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body[0].id).toBe(first.body[0].id);
    const rows = await h.query(`SELECT 1 FROM concepts WHERE name = 'Ajedrez'`);
    expect(rows).toHaveLength(1);
  });
});

test('the book-keeper hides a concept with a PATCH: it leaves the lists, and comes back', async () => {
  const [seguro] = (
    await h.call(staff(), BATCH, {
      json: { concepts: [monthly('Seguro de gastos médicos', { concept_type: 'INSURANCE' })] },
    })
  ).body;
  const hide = await h.call(staff(), `/book-keeper/concepts/${seguro.id}/`, {
    method: 'PATCH',
    json: { visibility: 'HIDDEN' },
  });
  expect(hide.body.visibility).toBe('HIDDEN');
  expect(names((await h.call(staff(), ROOTS)).body)).not.toContain('Seguro de gastos médicos');
  const bad = await h.call(staff(), `/book-keeper/concepts/${seguro.id}/`, {
    method: 'PATCH',
    json: { visibility: 'SECRET' },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.details[0].message).toBe('Elige una visibilidad válida.');
  await h.call(staff(), `/book-keeper/concepts/${seguro.id}/`, {
    method: 'PATCH',
    json: { visibility: 'STAFF' },
  });
  expect(names((await h.call(staff(), ROOTS)).body)).toContain('Seguro de gastos médicos');
  // A concept made before cycles is given its cycle: it is no longer a root concept.
  const moved = await h.call(staff(), `/book-keeper/concepts/${seguro.id}/`, {
    method: 'PATCH',
    json: { cycle_id: CYCLE },
  });
  expect(moved.body.cycle_id).toBe(CYCLE);
  expect(names((await h.call(staff(), ROOTS)).body)).not.toContain('Seguro de gastos médicos');
});

test('root concepts are read with billing.read of the school only', async () => {
  expect((await h.call(staff('OTHER'), ROOTS)).status).toBe(403);
  expect((await h.call(family(), ROOTS)).status).toBe(403);
  expect((await h.call(staff('OWNER', OTHER_SCHOOL), ROOTS)).status).toBe(404);
});

describe('auto-assign', () => {
  let concept: string;
  const autoAssign = (json: unknown, claims = staff(), id = concept, school = SCHOOL) =>
    h.call(claims, `/api/v1/dashboard/schools/${school}/concepts/${id}/auto-assign/`, { json });
  const joins = async (n: number) => {
    await publishEvent(h.ns.nc, h.ns, studentCreatedV1, {
      student_id: studentId(n),
      school_id: SCHOOL,
      first_name: `Alumno ${n}`,
      last_name: 'Pérez',
      level: 'elementary',
      section_id: null,
      status: 'active',
      billing_guardian_id: null,
    });
    await waitFor(
      async () =>
        (await h.query('SELECT 1 FROM student_directory WHERE student_id = $1', [studentId(n)]))
          .length === 1,
    );
  };

  beforeAll(async () => {
    const created = await h.call(staff(), BATCH, {
      json: { concepts: [monthly('Transporte', { concept_type: 'TRANSPORT' })] },
    });
    concept = created.body[0].id;
    // October and November are billed to the level's students of today (only student 1).
    for (const period of ['2026-10', '2026-11'])
      await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
        json: { school_id: SCHOOL, concept_id: concept, period },
      });
  });

  test('without it, a student who joins later is billed nothing of the months already run', async () => {
    await joins(2);
    expect(await ordersOf(concept)).toEqual([
      { student_id: studentId(1), period: '2026-10' },
      { student_id: studentId(1), period: '2026-11' },
    ]);
  });

  test('turning it on bills the late joiner from next month on, not this one; a retry bills nothing', async () => {
    const res = await autoAssign({ auto_assign: true });
    expect(res.status).toBe(200);
    expect(res.body.orders_created).toBe(1);
    expect(res.body.concept).toMatchObject({ auto_assign: true, orders: 3 });
    expect(await ordersOf(concept)).toContainEqual({ student_id: studentId(2), period: '2026-11' });
    expect(await ordersOf(concept)).not.toContainEqual({
      student_id: studentId(2),
      period: '2026-10',
    });
    const again = await autoAssign({});
    expect(again.body).toMatchObject({ orders_created: 0, concept: { auto_assign: true } });
  });

  test('a student enrolled later in the cycle gets it from the next period, once', async () => {
    await joins(3);
    await waitFor(async () => (await ordersOf(concept)).length === 4);
    expect((await ordersOf(concept)).filter((o) => o.student_id === studentId(3))).toEqual([
      { student_id: studentId(3), period: '2026-11' },
    ]);
    // The same event again (a redelivery, a re-publish) bills nothing twice.
    await joins(3);
    expect(await ordersOf(concept)).toHaveLength(4);
  });

  test('bad input is a Spanish 400; other roles and schools change nothing', async () => {
    const before = await h.counts();
    const bad = await autoAssign({ auto_assign: 'sí' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].message).toBe(
      'Indica si el concepto se asigna automáticamente.',
    );
    expect((await autoAssign({ auto_assign: false }, staff('CASH_COLLECTION'))).status).toBe(403);
    expect((await autoAssign({ auto_assign: false }, family())).status).toBe(403);
    const outsider = await autoAssign({ auto_assign: false }, staff('OWNER', OTHER_SCHOOL));
    expect(outsider.status).toBe(404);
    // Another school's path with this school's concept: not found either.
    const mixed = await autoAssign(
      { auto_assign: false },
      staff('OWNER', OTHER_SCHOOL),
      concept,
      OTHER_SCHOOL,
    );
    expect(mixed.status).toBe(404);
    expect(mixed.body.error.message).toBe('No encontramos este concepto.');
    expect(await h.counts()).toEqual(before);
    expect((await h.call(staff(), `/api/v1/dashboard/concepts/${concept}/`)).body.auto_assign).toBe(
      true,
    );
  });

  test('a one-time concept reaches a late joiner only when it falls due after this month', async () => {
    const single = (name: string, due_on: string) => ({
      name,
      concept_type: 'INSURANCE',
      recurrence: 'SINGLE',
      price_centavos: 90_000,
      level: 'elementary',
      due_on,
    });
    const [later, thisMonth] = (
      await h.call(staff(), BATCH, {
        json: {
          concepts: [single('Seguro anual', '2026-12-01'), single('Excursión', '2026-10-30')],
        },
      })
    ).body;
    for (const c of [later, thisMonth]) {
      await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
        json: { school_id: SCHOOL, concept_id: c.id },
      });
      await autoAssign({ auto_assign: true }, staff(), c.id);
    }
    await joins(4);
    await waitFor(async () =>
      (await ordersOf(later.id)).some((o) => o.student_id === studentId(4)),
    );
    expect((await ordersOf(thisMonth.id)).map((o) => o.student_id)).not.toContain(studentId(4));
  });
});

test('a family is offered only PUBLIC concepts to subscribe; staff see STAFF and BETA too', async () => {
  const created = await h.call(staff(), BATCH, {
    json: {
      concepts: ['PUBLIC', 'STAFF', 'BETA', 'HIDDEN'].map((visibility) =>
        monthly(`Comedor ${visibility}`, { concept_type: 'CAFETERIA', visibility }),
      ),
    },
  });
  expect(created.status).toBe(201);
  const offer = `/api/v1/schools/${SCHOOL}/subscriptions/concepts/`;
  const offered = (body: Json[]) =>
    body.filter((s) => s.concept_name.startsWith('Comedor')).map((s) => s.concept_name);
  const toFamily = await h.call(family(), offer);
  expect(offered(toFamily.body)).toEqual(['Comedor PUBLIC']);
  const toStaff = await h.call(staff(), `${offer}?student_id=${studentId(1)}`);
  expect(offered(toStaff.body).sort()).toEqual(['Comedor BETA', 'Comedor PUBLIC', 'Comedor STAFF']);
  const staffOnly = created.body[1].id;
  const before = await h.counts();
  const res = await h.call(family(), `/api/v1/schools/${SCHOOL}/subscriptions/`, {
    json: { student_id: studentId(1), concept_id: staffOnly },
  });
  expect(res.status).toBe(400);
  expect(await h.counts()).toEqual(before);
});
