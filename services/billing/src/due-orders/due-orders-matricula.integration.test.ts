import ExcelJS from 'exceljs';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  GUARDIAN,
  SCHOOL,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { billTwoMonths, EIGHTH_OF_OCTOBER } from '../test-support/billed-school';

jest.setTimeout(30_000);

/**
 * Issue 17: each student in Adeudos (list, detail, its Excel) and in the orders' xls_v2 shows
 * the matrícula and level enrolment's events carried to billing's copy of the students.
 */
let h: BillingHarness;
const [S1, S2, S3] = [1, 2, 3].map(studentId) as [string, string, string];
const REPORT = `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/`;
const XLS_V2 = `/api/v1/dashboard/schools/${SCHOOL}/fulfillments/xls_v2/`;

const snapshot = (id: string, lastName: string, over: Partial<StudentSnapshot> = {}) => ({
  student_id: id,
  school_id: SCHOOL,
  first_name: 'Alumno',
  last_name: lastName,
  level: 'elementary' as const,
  section_id: null,
  status: 'active' as const,
  billing_guardian_id: GUARDIAN,
  ...over,
});

const codeInDirectory = async (id: string) =>
  (
    await h.query<{ enrolment_code: string | null }>(
      'SELECT enrolment_code FROM student_directory WHERE student_id = $1',
      [id],
    )
  )[0]?.enrolment_code;

const sheetOf = async (bytes: Buffer, name: string) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook
    .getWorksheet(name)!
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));
};
const list = async (query = '') =>
  (await h.call(staff(), `${REPORT}${query}`)).body.results.map((r: Json) => [
    r.last_name,
    r.enrolment_code,
    r.level,
  ]);

beforeAll(async () => {
  h = await startBillingHarness({ now: EIGHTH_OF_OCTOBER });
  // Enrolment's events, through NATS and billing's own consumer: a matrícula, a null one, and
  // a producer from before the field (no enrolment_code at all).
  await publishEvent(
    h.ns.nc,
    h.ns,
    studentCreatedV1,
    snapshot(S1, 'Ávila', { enrolment_code: 'PRI-0001' }),
  );
  await publishEvent(
    h.ns.nc,
    h.ns,
    studentCreatedV1,
    snapshot(S2, 'Benítez', { enrolment_code: null }),
  );
  await publishEvent(h.ns.nc, h.ns, studentCreatedV1, snapshot(S3, 'Cruz'));
  await waitFor(async () => (await codeInDirectory(S1)) === 'PRI-0001');
  for (const id of [S2, S3]) await waitFor(async () => (await codeInDirectory(id)) === null);
  await billTwoMonths(h);
});
afterAll(() => h?.dispose());

test('the list and the detail show each student’s matrícula and level', async () => {
  expect(await list()).toEqual([
    ['Ávila', 'PRI-0001', 'elementary'],
    ['Benítez', null, 'elementary'],
    ['Cruz', null, 'elementary'],
  ]);
  const detail = await h.call(staff(), `${REPORT}${S1}/`);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({ enrolment_code: 'PRI-0001', level: 'elementary' });
});

test('the search finds a student by matrícula as well as by name', async () => {
  expect(await list('?search=pri-0001')).toEqual([['Ávila', 'PRI-0001', 'elementary']]);
  expect(await list('?search=cruz')).toEqual([['Cruz', null, 'elementary']]);
});

test('the Adeudos Excel and the orders’ xls_v2 carry «Matrícula» and «Nivel»', async () => {
  const adeudos = await h.call(staff(), `${REPORT}xls/`, { method: 'POST' });
  expect(adeudos.status).toBe(200);
  const rows = await sheetOf(adeudos.bytes, 'Adeudos');
  expect(rows[0]!.slice(0, 4)).toEqual(['Apellidos', 'Nombre', 'Matrícula', 'Nivel']);
  expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
    ['Ávila', 'Alumno', 'PRI-0001', 'Primaria'],
    ['Benítez', 'Alumno', '', 'Primaria'],
    ['Cruz', 'Alumno', '', 'Primaria'],
  ]);
  const v2 = await h.call(staff(), `${XLS_V2}?student_id=${S1}`);
  expect(v2.status).toBe(200);
  const orders = await sheetOf(v2.bytes, 'Cargos');
  expect(orders[0]!.slice(0, 3)).toEqual(['Alumno', 'Matrícula', 'Nivel']);
  expect(orders.slice(1).map((r) => r.slice(0, 3))).toEqual([
    ['Alumno Ávila', 'PRI-0001', 'Primaria'],
    ['Alumno Ávila', 'PRI-0001', 'Primaria'],
  ]);
});

test('a new matrícula from enrolment replaces the old one everywhere', async () => {
  await publishEvent(
    h.ns.nc,
    h.ns,
    studentUpdatedV1,
    snapshot(S1, 'Ávila', { enrolment_code: 'SEC-0100', level: 'middle' }),
  );
  await waitFor(async () => (await codeInDirectory(S1)) === 'SEC-0100');
  expect((await list())[0]).toEqual(['Ávila', 'SEC-0100', 'middle']);
  expect(await list('?search=pri-0001')).toEqual([]);
  const detail = await h.call(staff(), `${REPORT}${S1}/`);
  expect(detail.body).toMatchObject({ enrolment_code: 'SEC-0100', level: 'middle' });
  const adeudos = await h.call(staff(), `${REPORT}xls/?search=sec-0100`, { method: 'POST' });
  expect((await sheetOf(adeudos.bytes, 'Adeudos'))[1]!.slice(0, 4)).toEqual([
    'Ávila',
    'Alumno',
    'SEC-0100',
    'Secundaria',
  ]);
});
