import {
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  type BillingHarness,
} from '../test-support/billing-harness';

jest.setTimeout(30_000);

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(() => h?.dispose());

const colegiatura = {
  school_id: SCHOOL,
  name: 'Colegiatura Primaria',
  concept_type: 'MONTHLY_FEE',
  recurrence: 'MONTHLY',
  price_centavos: 485_000,
  level: 'elementary',
  periods: ['2026-10', '2026-09'],
  due_day: 10,
  late_fee: { kind: 'PERCENT', basis_points: 500, grace_days: 5, cap_centavos: 100_000 },
};
const inscripcion = {
  school_id: SCHOOL,
  name: 'Inscripción 2026-2027',
  concept_type: 'INSCRIPTION',
  recurrence: 'SINGLE',
  price_centavos: 350_000,
  due_on: '2026-08-15',
};

test('an accountant creates a monthly fee and a one-time concept, then reads and edits them', async () => {
  const monthly = await h.call(staff(), '/api/v1/dashboard/concepts/', { json: colegiatura });
  expect(monthly.status).toBe(201);
  expect(monthly.body).toMatchObject({
    name: 'Colegiatura Primaria',
    price_centavos: 485_000,
    periods: ['2026-09', '2026-10'],
    due_day: 10,
    due_on: null,
    orders: 0,
    active: true,
  });
  const single = await h.call(staff(), '/api/v1/dashboard/concepts/', { json: inscripcion });
  expect(single.status).toBe(201);
  expect(single.body).toMatchObject({ recurrence: 'SINGLE', due_on: '2026-08-15', level: null });

  const list = await h.call(
    staff('CASH_COLLECTION'),
    `/api/v1/dashboard/concepts/?school_id=${SCHOOL}&concept_type=INSCRIPTION`,
  );
  expect(list.status).toBe(200);
  expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Inscripción 2026-2027']);
  const bySchool = await h.call(staff(), `/api/v1/dashboard/schools/${SCHOOL}/concepts/`);
  expect(bySchool.body).toHaveLength(2);

  const id = monthly.body.id;
  const patched = await h.call(staff('TREASURER'), `/book-keeper/concepts/${id}/`, {
    method: 'PATCH',
    json: { price_centavos: 500_000, late_fee: null },
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({
    price_centavos: 500_000,
    late_fee: null,
    name: 'Colegiatura Primaria',
  });
  const put = await h.call(staff(), `/api/v1/dashboard/concepts/${id}/`, {
    method: 'PUT',
    json: { name: 'Colegiatura', active: false },
  });
  expect(put.body).toMatchObject({ name: 'Colegiatura', active: false, price_centavos: 500_000 });
  expect((await h.call(staff(), `/api/v1/dashboard/concepts/${id}/`)).body.name).toBe(
    'Colegiatura',
  );

  const removed = await h.call(staff(), `/api/v1/dashboard/concepts/${single.body.id}/`, {
    method: 'DELETE',
  });
  expect(removed.status).toBe(204);
  expect((await h.call(staff(), `/api/v1/dashboard/concepts/${single.body.id}/`)).status).toBe(404);
});

test.each([
  ['a negative price', { price_centavos: -100 }, 'La cantidad no puede ser negativa.'],
  [
    'a fractional price',
    { price_centavos: 100.5 },
    'La cantidad debe ser un número entero de centavos (sin decimales).',
  ],
  ['a huge price', { price_centavos: 1e12 }, 'La cantidad es demasiado grande.'],
  ['a free concept', { price_centavos: 0 }, 'La cantidad debe ser mayor que cero.'],
  [
    'a bad period',
    { periods: ['2026-13'] },
    'Escribe el periodo como AAAA-MM (por ejemplo 2026-09).',
  ],
  ['a due day 31', { due_day: 31 }, 'El día de vencimiento va del 1 al 28.'],
  [
    'a fractional late fee',
    { late_fee: { kind: 'PERCENT', basis_points: 2.5, grace_days: 0, cap_centavos: null } },
    'El porcentaje admite hasta dos decimales.',
  ],
])('%s is a Spanish 400 and nothing is written', async (_label, change, message) => {
  const before = await h.counts();
  const res = await h.call(staff(), '/api/v1/dashboard/concepts/', {
    json: { ...colegiatura, ...change },
  });
  expect(res.status).toBe(400);
  expect(res.body.error.details.map((d: { message: string }) => d.message)).toContain(message);
  expect(await h.counts()).toEqual(before);
});

test('roles without concepts.write get 403; guardians cannot create or list concepts', async () => {
  const before = await h.counts();
  for (const role of ['ADMISSIONS', 'CASH_COLLECTION', 'OTHER'] as const) {
    const res = await h.call(staff(role), '/api/v1/dashboard/concepts/', { json: colegiatura });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/permiso/);
  }
  expect(
    (await h.call(family(), '/api/v1/dashboard/concepts/', { json: colegiatura })).status,
  ).toBe(403);
  expect(
    (await h.call(staff('OTHER'), `/api/v1/dashboard/concepts/?school_id=${SCHOOL}`)).status,
  ).toBe(403);
  expect(await h.counts()).toEqual(before);
});

test("another school's concept does not exist for its staff (404), and cannot be edited or deleted", async () => {
  const mine = await h.call(staff(), '/api/v1/dashboard/concepts/', { json: inscripcion });
  const outsider = staff('OWNER', OTHER_SCHOOL);
  const path = `/api/v1/dashboard/concepts/${mine.body.id}/`;
  for (const [method, json] of [['GET'], ['PUT', { name: 'Mía' }], ['DELETE']] as const) {
    const res = await h.call(outsider, path, { method, json });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No encontramos este concepto.');
  }
  expect((await h.call(outsider, `/api/v1/dashboard/schools/${SCHOOL}/concepts/`)).status).toBe(
    404,
  );
  expect(
    (await h.call(outsider, '/api/v1/dashboard/concepts/', { json: inscripcion })).status,
  ).toBe(404);
  expect((await h.call(staff(), path)).body.name).toBe('Inscripción 2026-2027');
});

test('an edit must say what changes', async () => {
  const mine = await h.call(staff(), '/api/v1/dashboard/concepts/', { json: inscripcion });
  const res = await h.call(staff(), `/book-keeper/concepts/${mine.body.id}/`, {
    method: 'PATCH',
    json: {},
  });
  expect(res.status).toBe(400);
  expect(res.body.error.details[0].message).toBe('Indica qué cambiar del concepto.');
});
