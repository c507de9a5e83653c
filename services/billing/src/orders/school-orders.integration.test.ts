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
let tuition: string;
const FULFILLMENTS = `/api/v1/dashboard/schools/${SCHOOL}/fulfillments/`;
const DUE = `/api/v1/dashboard/schools/${SCHOOL}/due_orders/`;
const [S1, S2, S3] = [1, 2, 3].map(studentId) as [string, string, string];

beforeAll(async () => {
  h = await startBillingHarness({ now: EIGHTH_OF_OCTOBER });
  await h.enrol({}, {}, {}, { school_id: OTHER_SCHOOL });
  tuition = await billTwoMonths(h);
});
afterAll(() => h?.dispose());

const list = async (path: string, role = staff()) => {
  const res = await h.call(role, path);
  expect(res.status).toBe(200);
  return res.body;
};
const rowsOf = (body: Json) =>
  body.results.map((o: Json) => [o.student.id, o.period, o.pending_amount, o.status]);

test("the school's fulfillments, oldest due first, as of today, paged and filtered", async () => {
  const all = await list(`${FULFILLMENTS}?page_size=4`);
  expect(all).toMatchObject({ count: 6, page: 1, page_size: 4 });
  expect(all.results.map((o: Json) => o.period)).toEqual([
    '2026-09',
    '2026-09',
    '2026-09',
    '2026-10',
  ]);
  const second = await list(`${FULFILLMENTS}?page=2&page_size=4`);
  expect(second.results).toHaveLength(2);

  expect(rowsOf(await list(`${FULFILLMENTS}?student_id=${S1}`))).toEqual([
    [S1, '2026-09', 500_000, 'NOT_PAID'], // $4,850.00 + $150.00 late fee
    [S1, '2026-10', 485_000, 'NOT_PAID'],
  ]);
  expect(rowsOf(await list(`${FULFILLMENTS}?status=paid`))).toEqual([[S2, '2026-09', 0, 'PAID']]);
  const canceled = await list(`${FULFILLMENTS}?status=canceled`);
  expect(canceled.results.map((o: Json) => [o.student.id, o.period, o.total_centavos])).toEqual([
    [S3, '2026-10', 0],
  ]);
  expect((await list(`${FULFILLMENTS}?period=2026-10&status=open`)).count).toBe(2);
  expect((await list(`${FULFILLMENTS}?concept_id=${tuition}`)).count).toBe(6);
});

test('Adeudos de la escuela: only what is still owed', async () => {
  const due = await list(DUE);
  expect(rowsOf(due).sort(byDueThenStudent)).toEqual(
    [
      [S1, '2026-09', 500_000, 'NOT_PAID'],
      [S3, '2026-09', 500_000, 'NOT_PAID'],
      [S1, '2026-10', 485_000, 'NOT_PAID'],
      [S2, '2026-10', 485_000, 'NOT_PAID'],
    ].sort(byDueThenStudent),
  );
  expect((await list(`${DUE}?student_id=${S2}`)).count).toBe(1);
});

/** Same due date: the list orders by concept and order id, so compare in student order. */
const byDueThenStudent = (a: unknown[], b: unknown[]) =>
  String(a[1]).localeCompare(String(b[1])) || String(a[0]).localeCompare(String(b[0]));

test('the Excel holds the filtered fulfillments in pesos', async () => {
  const res = await h.call(staff('TREASURER'), `${FULFILLMENTS}excel/?student_id=${S1}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain('cargos-2026-10-08.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
  const values = workbook
    .getWorksheet('Cargos')!
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(values).toEqual([
    [
      'Alumno',
      'Concepto',
      'Periodo',
      'Vencimiento',
      'Importe',
      'Becas y descuentos',
      'Recargo',
      'Pagado',
      'Saldo',
      'Estatus',
    ],
    ['Alumno 1 García', 'Colegiatura', '2026-09', '2026-09-10', 4850, 0, 150, 0, 5000, 'Sin pagar'],
    ['Alumno 1 García', 'Colegiatura', '2026-10', '2026-10-10', 4850, 0, 0, 0, 4850, 'Sin pagar'],
  ]);
});

test('403 without billing.read, 404 for another school, Spanish 400 for bad filters', async () => {
  for (const path of [FULFILLMENTS, DUE, `${FULFILLMENTS}excel/`]) {
    expect((await h.call(staff('OTHER'), path)).status).toBe(403);
    expect((await h.call(family(), path)).status).toBe(403);
    expect((await h.call(staff('OWNER', OTHER_SCHOOL), path)).status).toBe(404);
  }
  const bad = async (query: string) => {
    const res = await h.call(staff(), `${FULFILLMENTS}?${query}`);
    expect(res.status).toBe(400);
    return JSON.stringify(res.body.error);
  };
  expect(await bad('status=late')).toMatch(/open, paid o canceled/);
  expect(await bad('student_id=7')).toMatch(/Elige un alumno válido/);
  expect(await bad('period=2026-13')).toMatch(/AAAA-MM/);
  expect(await bad('page=0')).toBeTruthy();
  expect(await bad('page_size=500')).toBeTruthy();
});
