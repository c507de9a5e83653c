import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
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
import { billTwoMonths, EIGHTH_OF_OCTOBER } from '../test-support/billed-school';

jest.setTimeout(30_000);

let h: BillingHarness;
const [S1, S2] = [1, 2].map(studentId) as [string, string];
const ORDERS = `/api/v1/dashboard/orders/?school_id=${SCHOOL}`;
const EXCEL = `/api/v1/dashboard/reports/excel/?school_id=${SCHOOL}`;
const ZIP = `/api/v1/dashboard/reports/zip/?school_id=${SCHOOL}`;
const LINKS = `/api/v1/dashboard/table-links/?school_id=${SCHOOL}`;
const FULFILLMENTS = `/api/v1/dashboard/schools/${SCHOOL}/fulfillments/`;
const PAID = (id: string) =>
  `/academic-coordinator/students/${id}/get_paid_fulfillments_by_concept_types/`;

beforeAll(async () => {
  h = await startBillingHarness({ now: EIGHTH_OF_OCTOBER });
  await h.enrol({}, {}, {}, { school_id: OTHER_SCHOOL });
  await billTwoMonths(h);
});
afterAll(() => h?.dispose());

const ok = async (path: string, role = staff()) => {
  const res = await h.call(role, path);
  expect(res.status).toBe(200);
  return res;
};
const sheetOf = async (bytes: Buffer, name: string) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook
    .getWorksheet(name)!
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
};
const orderOf = async (student: string, period: string): Promise<string> =>
  (
    await h.query<{ id: string }>(`SELECT id FROM orders WHERE student_id = $1 AND period = $2`, [
      student,
      period,
    ])
  )[0]!.id;

test('GET dashboard/orders: the school named in school_id, paged, late fee as of today', async () => {
  const { body } = await ok(`${ORDERS}&page_size=4`);
  expect(body).toMatchObject({ count: 6, page: 1, page_size: 4 });
  const s1 = (await ok(`${ORDERS}&student_id=${S1}`)).body.results;
  expect(s1.map((o: Json) => [o.period, o.late_fee_centavos, o.pending_amount])).toEqual([
    ['2026-09', 15_000, 500_000],
    ['2026-10', 0, 485_000],
  ]);
  // The same numbers as the school's fulfillments list (one quote everywhere).
  const list = (await ok(`${FULFILLMENTS}?student_id=${S1}`)).body.results;
  expect(s1).toEqual(list);
});

test('reports/excel: each report as its own screen exports it, late fees included', async () => {
  const due = await ok(`${EXCEL}&report=due_orders`, staff('TREASURER'));
  expect(due.headers.get('content-disposition')).toContain('adeudos-2026-10-08.xlsx');
  const rows = await sheetOf(due.bytes, 'Adeudos');
  expect(rows.slice(1).map((r) => [r[1], r[5], r[6]])).toEqual([
    ['Alumno 1', 9850, 150], // $4,850 + $150 late fee + $4,850
    ['Alumno 2', 4850, 0],
    ['Alumno 3', 5000, 150],
  ]);
  const fulfillments = await sheetOf((await ok(`${EXCEL}&report=fulfillments`)).bytes, 'Cargos');
  expect(fulfillments).toHaveLength(7); // header + 6 orders
  const delinquency = await ok(`${EXCEL}&report=delinquency`);
  expect(delinquency.headers.get('content-disposition')).toContain('morosidad-2026-10-08.xlsx');
});

test('reports/zip: the three workbooks, which unzip accepts', async () => {
  const res = await ok(ZIP);
  expect(res.headers.get('content-type')).toContain('application/zip');
  const dir = await mkdtemp(path.join(tmpdir(), 'reportes-'));
  try {
    const file = path.join(dir, 'reportes.zip');
    await writeFile(file, res.bytes);
    await promisify(execFile)('unzip', ['-q', file, '-d', dir]);
    const due = await readFile(path.join(dir, 'adeudos-2026-10-08.xlsx'));
    expect((await sheetOf(due, 'Adeudos')).map((r) => r[5]).slice(1)).toEqual([9850, 4850, 5000]);
    await readFile(path.join(dir, 'cargos-2026-10-08.xlsx'));
    await readFile(path.join(dir, 'morosidad-2026-10-08.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('table-links: every report and the ZIP, each a GET that downloads it', async () => {
  const { body } = await ok(LINKS);
  expect(body.map((l: Json) => [l.report, l.title, l.format])).toEqual([
    ['fulfillments', 'Cargos', 'xlsx'],
    ['due_orders', 'Adeudos', 'xlsx'],
    ['delinquency', 'Morosidad', 'xlsx'],
    ['all', 'Todos los reportes', 'zip'],
  ]);
  for (const link of body) await ok(link.url);
});

test('xls_v2: matrícula, level, month in Spanish and each adjustment in its own column', async () => {
  const res = await ok(`${FULFILLMENTS}xls_v2/?student_id=${S1}`);
  expect(res.headers.get('content-disposition')).toContain('cargos-v2-2026-10-08.xlsx');
  const rows = await sheetOf(res.bytes, 'Cargos');
  expect(rows[0]).toEqual([
    'Alumno',
    'Matrícula',
    'Nivel',
    'Concepto',
    'Tipo',
    'Mes',
    'Vencimiento',
    'Importe',
    'Beca',
    'Descuento',
    'Cargo adicional',
    'Recargo',
    'Pronto pago',
    'Pagado',
    'Saldo',
    'Estatus',
  ]);
  expect(rows[1]).toEqual([
    'Alumno 1 García',
    '',
    'Primaria',
    'Colegiatura',
    'Colegiatura',
    'septiembre de 2026',
    '2026-09-10',
    4850,
    0,
    0,
    0,
    150,
    0,
    0,
    5000,
    'Sin pagar',
  ]);
});

test("an order's PDF and XML statements carry the quote as of today", async () => {
  const id = await orderOf(S1, '2026-09');
  const pdf = await ok(`${FULFILLMENTS}${id}/pdf/`);
  expect(pdf.headers.get('content-type')).toContain('application/pdf');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const xml = await ok(`${FULFILLMENTS}${id}/xml/`);
  expect(xml.headers.get('content-type')).toContain('application/xml');
  const text = xml.bytes.toString('utf8');
  expect(text).toContain(`<cargo id="${id}"`);
  expect(text).toContain('recargo="150.00"');
  expect(text).toContain('saldo="5000.00"');
  expect(text).toContain('nombreAlumno="Alumno 1 García"');
});

test("a student's paid orders by concept type: only what is paid, with what was paid", async () => {
  const { body } = await ok(PAID(S2));
  expect(body).toHaveLength(1);
  expect(body[0]).toMatchObject({
    concept_type: 'MONTHLY_FEE',
    concept_type_label: 'Colegiatura',
    paid_centavos: 485_000,
  });
  expect(body[0].orders.map((o: Json) => o.period)).toEqual(['2026-09']);
  expect((await ok(PAID(S1))).body).toEqual([]);
});

test('403 for a role without the permission or a family, 404 for another school', async () => {
  const id = await orderOf(S1, '2026-09');
  const reads = [
    ORDERS,
    `${FULFILLMENTS}xls_v2/`,
    `${FULFILLMENTS}${id}/pdf/`,
    `${FULFILLMENTS}${id}/xml/`,
    PAID(S1),
  ];
  const reports = [`${EXCEL}&report=due_orders`, ZIP, LINKS];
  for (const p of [...reads, ...reports]) {
    expect((await h.call(staff('OTHER'), p)).status).toBe(403);
    expect((await h.call(family(), p)).status).toBe(403);
  }
  // Reports need reports.read: admissions and the cashier read billing but not reports.
  for (const p of reports) expect((await h.call(staff('CASH_COLLECTION'), p)).status).toBe(403);
  // Another school's staff: 404 by the path, the query or the record.
  for (const p of [...reads, ...reports])
    expect((await h.call(staff('OWNER', OTHER_SCHOOL), p)).status).toBe(404);
  // An order of this school asked under another school's path does not exist there.
  const other = `/api/v1/dashboard/schools/${OTHER_SCHOOL}/fulfillments/${id}/pdf/`;
  expect((await h.call(staff('OWNER', OTHER_SCHOOL), other)).status).toBe(404);
});

test('Spanish 400 for bad queries', async () => {
  const bad = async (p: string) => {
    const res = await h.call(staff(), p);
    expect(res.status).toBe(400);
    return JSON.stringify(res.body.error);
  };
  expect(await bad('/api/v1/dashboard/orders/')).toMatch(/Indica la escuela/);
  expect(await bad('/api/v1/dashboard/orders/?school_id=7')).toMatch(/Elige una escuela válida/);
  expect(await bad(`${ORDERS}&status=late`)).toMatch(/open, paid o canceled/);
  expect(await bad(`${EXCEL}&report=ventas`)).toMatch(/fulfillments, due_orders o delinquency/);
  expect(await bad(`${EXCEL}`)).toMatch(/fulfillments, due_orders o delinquency/);
  expect(await bad(`${FULFILLMENTS}xls_v2/?period=2026-13`)).toMatch(/AAAA-MM/);
});
