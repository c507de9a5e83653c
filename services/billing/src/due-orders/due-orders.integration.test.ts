import ExcelJS from 'exceljs';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import { refreshBalances } from '../balances/balance-repository';
import { buildDueAggregates } from './due-aggregate-builder';
import { dueOrderFacets, refreshFacets } from './due-facet-repository';
import { schoolsToBuild } from './due-aggregate-repository';
import {
  GUARDIAN,
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';

jest.setTimeout(30_000);

let h: BillingHarness;
const SECTION = '66666666-6666-4666-8666-666666666666';
const REPORT = `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/`;
const TODAY = '2026-10-01';
const [S1, S2, S3, S4, S5] = [1, 2, 3, 4, 5].map(studentId);

async function concept(json: object, periods: (string | undefined)[]) {
  const { body } = await h.call(staff(), '/api/v1/dashboard/concepts/', {
    json: { school_id: SCHOOL, ...json },
  });
  for (const period of periods)
    await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
      json: { school_id: SCHOOL, concept_id: body.id, period },
    });
}

/** Pays orders in full, as payments' events would leave them. */
async function payInFull(where: string) {
  const paid = await h.query<{ student_id: string }>(
    `UPDATE orders o SET paid_base_centavos = amount_centavos, paid_on = '2026-09-01'
      FROM concepts c WHERE c.id = o.concept_id AND ${where} RETURNING o.student_id`,
  );
  await refreshBalances(
    h.service.db,
    SCHOOL,
    paid.map((p) => p.student_id),
  );
}

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date(`${TODAY}T18:00:00Z`) });
  await h.enrol(
    { last_name: 'Zapata' },
    { last_name: 'Álvarez', section_id: SECTION },
    { last_name: 'Méndez', level: 'middle' },
    { last_name: 'Bravo', level: 'pre-school' },
    { school_id: OTHER_SCHOOL },
  );
  const fixed = (amount_centavos: number, grace_days: number) => ({
    kind: 'FIXED',
    amount_centavos,
    grace_days,
  });
  await concept(
    {
      name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: 485_000,
      level: 'elementary',
      periods: ['2026-09', '2026-10'],
      due_day: 10,
      late_fee: fixed(15_000, 5),
    },
    ['2026-09', '2026-10'],
  );
  await concept(
    {
      name: 'Inscripción',
      concept_type: 'INSCRIPTION',
      recurrence: 'SINGLE',
      price_centavos: 350_000,
      due_on: '2026-09-28',
      late_fee: fixed(10_000, 10),
    },
    [undefined],
  );
  await concept(
    {
      name: 'Excursión',
      concept_type: 'TRIPS',
      recurrence: 'SINGLE',
      price_centavos: 120_000,
      level: 'pre-school',
      due_on: '2026-10-20',
    },
    [undefined],
  );
  await payInFull(`o.student_id = '${S2}' AND o.period = '2026-09'`);
  await payInFull(`o.student_id IN ('${S3}', '${S4}') AND c.concept_type = 'INSCRIPTION'`);
});
afterAll(() => h?.dispose());

const row = (r: Json) => [
  r.last_name,
  r.open_orders,
  r.pending_centavos,
  r.late_fee_centavos,
  r.overdue_centavos,
  r.oldest_due_on,
  r.due_status,
];

/** The builder is done: every school's aggregates are current as of today. */
const built = () => waitFor(async () => (await schoolsToBuild(h.service.db, TODAY)).length === 0);
/** The relay marks events published after their commit (ADR 0080): a table a read must not move. */
const published = () =>
  waitFor(
    async () =>
      (await h.query<Json>(`SELECT 1 FROM outbox_events WHERE published_at IS NULL`)).length === 0,
  );

/** Every table's rows and content: what a read must leave as it found them. */
async function everyTable() {
  const tables = await h.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const content: Record<string, string> = {};
  for (const { name } of tables) {
    const [t] = await h.query<Json>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d
         FROM "${name}" t`,
    );
    content[name] = `${t.n} rows, ${t.d}`;
  }
  return content;
}

/** Each of Adeudos' reads once, as the dashboard asks them. */
const readAdeudos = async () => [
  (await h.call(staff(), REPORT)).body,
  (await h.call(staff(), `${REPORT}?page=2&page_size=3`)).body,
  (await h.call(staff(), `${REPORT}filters/`)).body,
  (await h.call(staff(), `${REPORT}${S1}/`)).body,
  (await h.call(staff(), `${REPORT}xls/`, { method: 'POST' })).status,
];

// First: nothing has read Adeudos yet.
test('billing and paying build the aggregates in the background, without any read', async () => {
  await built();
  const [build] = await h.query<Json>(
    `SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of FROM due_facet_builds WHERE school_id = $1`,
    [SCHOOL],
  );
  expect(build).toEqual({ as_of: TODAY });
  const numbered = await h.query<Json>(
    `SELECT d.last_name FROM name_order_positions p
       JOIN student_directory d ON d.student_id = p.student_id
      WHERE p.school_id = $1 ORDER BY p.position`,
    [SCHOOL],
  );
  expect(numbered.map((r) => r.last_name)).toEqual(['Álvarez', 'Bravo', 'Méndez', 'Zapata']);
  const facets = await dueOrderFacets(h.service.db, SCHOOL, TODAY);
  expect(facets.reduce((s, f) => s + f.students, 0)).toBe(4);
  expect([
    facets.reduce((s, f) => s + f.pending, 0),
    facets.reduce((s, f) => s + f.overdue, 0),
  ]).toEqual([2_275_000, 1_185_000]);
});

test('a GET of Adeudos writes nothing, built or not; unbuilt, it answers the same', async () => {
  await built();
  await published();
  const before = await everyTable();
  const answers = await readAdeudos();
  expect(await everyTable()).toEqual(before);
  // As on a new day before the builder ran: the reads sum the base tables, and still write nothing.
  await h.query(`DELETE FROM due_facet_builds`);
  await h.query(`DELETE FROM name_order_builds`);
  const unbuilt = await everyTable();
  expect(await readAdeudos()).toEqual(answers);
  expect(await everyTable()).toEqual(unbuilt);
  await buildDueAggregates(h.service.db, TODAY);
  expect(await readAdeudos()).toEqual(answers);
});

test('each student with what they owe as of today (late fees in), overdue and due status', async () => {
  const res = await h.call(staff('CASH_COLLECTION'), REPORT);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ count: 4, page: 1, page_size: 25 });
  expect(res.body.results.map(row)).toEqual([
    ['Álvarez', 2, 835_000, 0, 350_000, '2026-09-28', 'DUE'],
    ['Bravo', 1, 120_000, 0, 0, '2026-10-20', 'PENDING'],
    ['Méndez', 0, 0, 0, 0, null, 'PAID'],
    ['Zapata', 3, 1_335_000, 15_000, 850_000, '2026-09-10', 'OUTSTANDING'],
  ]);
});

test('filters, search, ordering and pages', async () => {
  const names = async (query: string) =>
    (await h.call(staff(), `${REPORT}?${query}`)).body.results.map((r: Json) => r.last_name);
  expect(await names('due_status=DUE')).toEqual(['Álvarez']);
  expect(await names('search=zap')).toEqual(['Zapata']);
  expect(await names(`section_id=${SECTION}`)).toEqual(['Álvarez']);
  expect(await names('level=elementary&ordering=-pending_centavos')).toEqual(['Zapata', 'Álvarez']);
  expect(await names('ordering=-overdue_centavos')).toEqual([
    'Zapata',
    'Álvarez',
    'Méndez',
    'Bravo',
  ]);
  const page = await h.call(staff(), `${REPORT}?page=2&page_size=3`);
  expect(page.body).toMatchObject({ count: 4, page: 2, page_size: 3 });
  expect(page.body.results.map((r: Json) => r.last_name)).toEqual(['Zapata']);
});

test('the filters say how many students each holds; the totals add up', async () => {
  const res = await h.call(staff(), `${REPORT}filters/`);
  expect(res.status).toBe(200);
  expect(res.body.levels).toEqual([
    { level: 'pre-school', label: 'Preescolar', students: 1 },
    { level: 'elementary', label: 'Primaria', students: 2 },
    { level: 'middle', label: 'Secundaria', students: 1 },
  ]);
  expect(res.body.sections).toEqual([{ id: SECTION, level: 'elementary', students: 1 }]);
  expect(res.body.due_statuses.map((s: Json) => s.students)).toEqual([1, 1, 1, 1]);
  expect(res.body.totals).toEqual({ pending_centavos: 2_275_000, overdue_centavos: 1_185_000 });
});

test("a student's open orders as of today, late fees included; the header is their sum", async () => {
  const res = await h.call(staff(), `${REPORT}${S1}/`);
  expect(res.status).toBe(200);
  expect(res.body.due_status).toBe('OUTSTANDING');
  const rows = res.body.orders.reduce((s: number, o: Json) => s + o.pending_amount, 0);
  expect(res.body).toMatchObject({ pending_centavos: rows, late_fee_centavos: 15_000 });
  expect(rows).toBe(1_335_000);
  expect(res.body.orders.map((o: Json) => [o.concept_name, o.period, o.late_fee_centavos])).toEqual(
    [
      ['Colegiatura', '2026-09', 15_000],
      ['Inscripción', null, 0],
      ['Colegiatura', '2026-10', 0],
    ],
  );
});

test('the Excel export holds the filtered students in pesos', async () => {
  const res = await h.call(staff(), `${REPORT}xls/?level=elementary`, { method: 'POST' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Adeudos')!;
  const values = sheet
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(values).toEqual([
    [
      'Apellidos',
      'Nombre',
      'Matrícula',
      'Nivel',
      'Órdenes abiertas',
      'Saldo pendiente',
      'Recargos',
      'Vencido',
      'Vencimiento más antiguo',
      'Estatus',
    ],
    ['Álvarez', 'Alumno 2', '', 'Primaria', 2, 8_350, 0, 3_500, '2026-09-28', 'Vencido en gracia'],
    [
      'Zapata',
      'Alumno 1',
      '',
      'Primaria',
      3,
      13_350,
      150,
      8_500,
      '2026-09-10',
      'Con adeudo vencido',
    ],
  ]);
});

test("another school's staff get 404, roles without billing.read 403, guardians 403; bad paging 400", async () => {
  const outsider = staff('OWNER', OTHER_SCHOOL);
  for (const path of [REPORT, `${REPORT}filters/`, `${REPORT}${S1}/`])
    expect((await h.call(outsider, path)).status).toBe(404);
  expect((await h.call(outsider, `${REPORT}xls/`, { method: 'POST' })).status).toBe(404);
  expect((await h.call(staff('OTHER'), REPORT)).status).toBe(403);
  expect((await h.call(family(), REPORT)).status).toBe(403);
  const elsewhere = await h.call(staff(), `${REPORT}${S5}/`);
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.body.error.message).toBe('No encontramos a este alumno.');
  for (const query of ['page_size=500', 'page=0', 'page=1.5', 'due_status=LATE'])
    expect((await h.call(staff(), `${REPORT}?${query}`)).status).toBe(400);
});

test('the filters follow a payment and a change of section from the log; a new build agrees', async () => {
  const filters = async () => (await h.call(staff(), `${REPORT}filters/`)).body;
  await built();
  await refreshFacets(h.service.db, SCHOOL, TODAY, { maxLogged: 0 }); // an empty log
  const parts = await h.query<Json>(`SELECT count(*)::int AS n FROM due_facet_students`);
  const SECOND = '77777777-7777-4777-8777-777777777777';
  await payInFull(`o.student_id = '${S1}' AND c.concept_type = 'INSCRIPTION'`);
  await publishEvent(h.ns.nc, h.ns, studentUpdatedV1, {
    student_id: S3!,
    school_id: SCHOOL,
    first_name: 'Alumno 3',
    last_name: 'Méndez',
    level: 'middle',
    section_id: SECOND,
    status: 'active',
    billing_guardian_id: GUARDIAN,
  });
  await waitFor(
    async () =>
      (
        await h.query<Json>(`SELECT section_id FROM student_directory WHERE student_id = $1`, [S3])
      )[0].section_id === SECOND,
  );
  const corrected = await filters();
  // Read from the build and the two logged students: a log this short is not folded.
  expect(
    await h.query<Json>(`SELECT student_id FROM due_facet_changes ORDER BY student_id`),
  ).toEqual([{ student_id: S1 }, { student_id: S3 }]);
  expect(await h.query<Json>(`SELECT count(*)::int AS n FROM due_facet_students`)).toEqual(parts);
  // Zapata's $3,500.00 inscription (due 28 Sep) is paid: out of the pending and the overdue.
  expect(corrected.totals).toEqual({ pending_centavos: 1_925_000, overdue_centavos: 835_000 });
  expect(corrected.sections).toEqual(
    expect.arrayContaining([
      { id: SECTION, level: 'elementary', students: 1 },
      { id: SECOND, level: 'middle', students: 1 },
    ]),
  );
  // A long log is folded into the build by the builder: the same sums, the log empty.
  const viaLog = await dueOrderFacets(h.service.db, SCHOOL, TODAY);
  await refreshFacets(h.service.db, SCHOOL, TODAY, { maxLogged: 1 });
  expect(await h.query<Json>(`SELECT count(*)::int AS n FROM due_facet_changes`)).toEqual([
    { n: 0 },
  ]);
  expect(await h.query<Json>(`SELECT count(*)::int AS n FROM due_facet_students`)).toEqual(parts);
  expect(sorted(await dueOrderFacets(h.service.db, SCHOOL, TODAY))).toEqual(sorted(viaLog));
  expect(await filters()).toEqual(corrected);
  // …the base tables, before a build, agree, and so does a build from scratch.
  await h.query(`DELETE FROM due_facet_builds`);
  expect(await filters()).toEqual(corrected);
  await buildDueAggregates(h.service.db, TODAY);
  expect(await filters()).toEqual(corrected);
});

const sorted = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();

// Last: it renames Zapata and bills a new student.
test('the whole list by name, page by page: a rename and a newly billed student move it', async () => {
  const pages = async () => {
    const names: string[] = [];
    const counts = new Set<number>();
    for (const page of [1, 2, 3]) {
      const { body } = await h.call(staff(), `${REPORT}?page=${page}&page_size=2`);
      counts.add(body.count);
      names.push(...body.results.map((r: Json) => r.last_name));
    }
    expect([...counts]).toEqual([names.length]);
    return names;
  };
  expect(await pages()).toEqual(['Álvarez', 'Bravo', 'Méndez', 'Zapata']);
  const snapshot = {
    school_id: SCHOOL,
    level: 'elementary' as const,
    section_id: null,
    status: 'active' as const,
    billing_guardian_id: null,
  };
  await publishEvent(h.ns.nc, h.ns, studentUpdatedV1, {
    ...snapshot,
    student_id: S1!,
    first_name: 'Alumno 1',
    last_name: 'Acosta',
  });
  await publishEvent(h.ns.nc, h.ns, studentCreatedV1, {
    ...snapshot,
    student_id: studentId(7),
    first_name: 'Alumno 7',
    last_name: 'Nava',
  });
  const directory = () =>
    h.query<Json>(`SELECT last_name FROM student_directory WHERE student_id IN ($1, $2)`, [
      S1,
      studentId(7),
    ]);
  await waitFor(async () => (await directory()).length === 2);
  await waitFor(async () => (await directory()).some((r) => r.last_name === 'Acosta'));
  expect(await pages()).toEqual(['Acosta', 'Álvarez', 'Bravo', 'Méndez']); // Nava has no order yet
  const [fee] = await h.query<Json>(`SELECT id FROM concepts WHERE name = 'Colegiatura'`);
  // October was run already (a second run is refused, ADR 0054): Nava is assigned it.
  const assigned = await h.call(
    staff('TREASURER'),
    `/api/v1/dashboard/schools/${SCHOOL}/massive_assignments/`,
    {
      json: { concept_id: fee.id, period: '2026-10', student_ids: [studentId(7)] },
    },
  );
  expect(assigned.status).toBe(202);
  await waitFor(async () => (await pages()).length === 5);
  expect(await pages()).toEqual(['Acosta', 'Álvarez', 'Bravo', 'Méndez', 'Nava']);
  const last = await h.call(staff(), `${REPORT}?page=3&page_size=2`);
  expect(last.body).toMatchObject({ count: 5, page: 3 });
  expect(last.body.results.map(row)).toEqual([['Nava', 1, 485_000, 0, 0, '2026-10-10', 'PENDING']]);
});
