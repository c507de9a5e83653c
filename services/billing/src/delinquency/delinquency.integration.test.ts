import ExcelJS from 'exceljs';
import { refreshBalances } from '../balances/balance-repository';
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

jest.setTimeout(30_000);

let h: BillingHarness;
const SECTION = '66666666-6666-4666-8666-666666666666';
const REPORT = `/api/v1/dashboard/schools/${SCHOOL}/delinquency/`;
const EXCEL = `${REPORT}xlsx/`;
const [S2, S3] = [2, 3].map(studentId);

beforeAll(async () => {
  // Mid-December: August and September are over 90 days late, October 66, November 35,
  // December 5 (within its grace, no late fee yet).
  h = await startBillingHarness({ now: () => new Date('2026-12-15T18:00:00Z') });
  await h.enrol({ section_id: SECTION }, {}, { level: 'middle' }, { school_id: OTHER_SCHOOL });
  for (const schoolId of [SCHOOL, OTHER_SCHOOL]) {
    const as = staff('OWNER', schoolId);
    const periods = ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12'];
    const concept = await h.call(as, '/api/v1/dashboard/concepts/', {
      json: {
        school_id: schoolId,
        name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        recurrence: 'MONTHLY',
        price_centavos: 485_000,
        level: null,
        periods,
        due_day: 10,
        late_fee: { kind: 'FIXED', amount_centavos: 15_000, grace_days: 5 },
      },
    });
    for (const period of periods)
      await h.call(as, '/book-keeper/massive_concept_assignments/', {
        json: { school_id: schoolId, concept_id: concept.body.id, period },
      });
  }
  // Student 2 paid October; student 3 paid $1,000.00 of September.
  await h.query(
    `UPDATE orders SET paid_base_centavos = total_centavos, paid_on = '2026-10-05'
      WHERE student_id = $1 AND period = '2026-10'`,
    [S2],
  );
  await h.query(
    `UPDATE orders SET paid_base_centavos = 100000 WHERE student_id = $1 AND period = '2026-09'`,
    [S3],
  );
  await refreshBalances(h.service.db, SCHOOL, [S2!, S3!]);
});
afterAll(() => h?.dispose());

const aging = (d0: number, d31: number, d61: number, d90: number) => ({
  '0_30': d0,
  '31_60': d31,
  '61_90': d61,
  '90_plus': d90,
  total: d0 + d31 + d61 + d90,
});

test('overdue money by age, late fees as of today included, by level and section', async () => {
  const res = await h.call(staff('ACCOUNTANT'), REPORT);
  expect(res.status).toBe(200);
  expect(res.body.as_of).toBe('2026-12-15');
  expect(res.body.rows).toEqual([
    {
      level: 'elementary',
      section_id: null,
      students: 1,
      ...aging(485_000, 500_000, 0, 1_000_000),
    },
    {
      level: 'elementary',
      section_id: SECTION,
      students: 1,
      ...aging(485_000, 500_000, 500_000, 1_000_000),
    },
    // $3,850.00 of September left plus its $150.00 late fee.
    {
      level: 'middle',
      section_id: null,
      students: 1,
      ...aging(485_000, 500_000, 500_000, 900_000),
    },
  ]);
  expect(res.body.totals).toEqual({
    students: 3,
    ...aging(3 * 485_000, 3 * 500_000, 2 * 500_000, 2_900_000),
  });
  // What Adeudos shows past due for a student is the same money.
  const due = await h.call(
    staff(),
    `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/${S3}/`,
  );
  const pastDue = due.body.orders
    .filter((o: Json) => o.due_on < '2026-12-15')
    .reduce((sum: number, o: Json) => sum + o.pending_amount, 0);
  expect(pastDue).toBe(485_000 + 500_000 + 500_000 + 900_000);
});

test("the Excel has the report's rows and totals in pesos, by level and group", async () => {
  const res = await h.call(staff('GENERAL_DIRECTOR'), EXCEL);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toContain('morosidad-2026-12-15.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Morosidad')!;
  const values = sheet
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
  expect(values).toEqual([
    [
      'Nivel',
      'Grupo (clave)',
      'Alumnos',
      '0–30 días',
      '31–60 días',
      '61–90 días',
      'Más de 90 días',
      'Total vencido',
    ],
    ['Primaria', 'Sin grupo', 1, 4850, 5000, 0, 10000, 19850],
    ['Primaria', SECTION, 1, 4850, 5000, 5000, 10000, 24850],
    ['Secundaria', 'Sin grupo', 1, 4850, 5000, 5000, 9000, 23850],
    ['Total', undefined, 3, 14550, 15000, 10000, 29000, 68550],
  ]);
  expect(sheet.getCell('D2').numFmt).toBe('"$"#,##0.00');
});

test("roles without reports.read get 403, guardians 403, another school's staff 404", async () => {
  for (const path of [REPORT, EXCEL]) {
    for (const role of ['ADMISSIONS', 'CASH_COLLECTION', 'OTHER'] as const)
      expect((await h.call(staff(role), path)).status).toBe(403);
    expect((await h.call(family(), path)).status).toBe(403);
    expect((await h.call(staff('OWNER', OTHER_SCHOOL), path)).status).toBe(404);
  }
  const theirs = await h.call(
    staff('OWNER', OTHER_SCHOOL),
    `/api/v1/dashboard/schools/${OTHER_SCHOOL}/delinquency/`,
  );
  expect(theirs.body.totals.students).toBe(1);
});
