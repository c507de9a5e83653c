import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { curpCheckDigit } from '@cuota/contracts/enrolment/curp';
import { taxRegimeSchema } from '@cuota/contracts/enrolment/schools';
import { curpSchema } from '@cuota/contracts/enrolment/student-detail';
import { isInvoiceableRfc } from '@cuota/contracts/invoicing/rfc';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { enrolmentService } from '../enrolment-service';
import * as schema from '../schema';
import { verifyPassword } from '../staff/password';
import { seedDemoSchool } from './demo-school';

let database: TestDatabase;
let db: ReturnType<typeof createDatabase<typeof schema>>;

beforeAll(async () => {
  database = await createTestDatabase('enrolment_seed');
  db = createDatabase(database.url, schema, 2);
  await runMigrations(db, enrolmentService.migrationsFolder);
}, 30_000);
afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
});

const rows = async <T>(text: string) => (await db.$client.query(text)).rows as T[];
const countOf = async (table: string) =>
  (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

test('the demo school: five levels, ~200 students, families, billing RFCs, every staff role', async () => {
  const access = await seedDemoSchool(db);
  expect(await countOf('levels')).toBe(5);
  const students = await countOf('students');
  expect(students).toBeGreaterThanOrEqual(190);
  expect(students).toBeLessThanOrEqual(230);
  const families = await rows<{ children: number }>(
    'SELECT count(*)::int AS children FROM student_guardians GROUP BY guardian_id',
  );
  expect(families.some((f) => f.children === 2)).toBe(true);
  expect(families.some((f) => f.children === 3)).toBe(true);
  const billing = await rows<{ tax_id: string | null }>(
    'SELECT DISTINCT g.tax_id FROM students s JOIN guardians g ON g.id = s.billing_guardian_id',
  );
  for (const { tax_id } of billing) expect(tax_id).toMatch(/^[A-ZÑ&]{4}\d{6}[A-Z0-9]{2}[0-9A]$/u);
  expect(access.staff.map((s) => s.role).sort()).toEqual([
    'ACCOUNTANT',
    'ADMINISTRATIVE_DIRECTOR',
    'ADMISSIONS',
    'CASH_COLLECTION',
    'GENERAL_DIRECTOR',
    'OTHER',
    'OWNER',
    'TREASURER',
  ]);
  const [owner] = await rows<{ password_hash: string }>(
    `SELECT password_hash FROM staff_users WHERE email = '${access.staff[0]!.email}'`,
  );
  expect(await verifyPassword(access.staff_password, owner!.password_hash)).toBe(true);
  expect(access.dependent_names.length).toBeGreaterThanOrEqual(2);
}, 60_000);

test('no two students share a full name, so lists sorted by name are the same every seed', async () => {
  const [names] = await rows<{ students: number; names: number }>(
    `SELECT count(*)::int AS students, count(DISTINCT (first_name, last_name))::int AS names
       FROM students`,
  );
  expect(names!.names).toBe(names!.students);
});

test('every student has a valid CURP of their own: name, birth date and sex, unique', async () => {
  const students = await rows<{
    curp: string | null;
    last_name: string;
    birth_date: string;
    gender: 'M' | 'F';
  }>('SELECT curp, last_name, birth_date::text, gender FROM students');
  for (const s of students) {
    const curp = curpSchema.parse(s.curp);
    expect(curpCheckDigit(curp.slice(0, 17))).toBe(curp[17]);
    expect(curp[0]).toBe(plain(s.last_name)[0]);
    expect(curp.slice(4, 10)).toBe(s.birth_date.slice(2).replace(/-/g, ''));
    expect(curp[10]).toBe(s.gender === 'M' ? 'H' : 'M');
  }
  expect(new Set(students.map((s) => s.curp)).size).toBe(students.length);
});

test('every student has a matrícula of their own, as Adeudos shows it', async () => {
  const students = await rows<{ enrolment_code: string | null }>(
    'SELECT enrolment_code FROM students ORDER BY enrolment_code',
  );
  expect(students[0]!.enrolment_code).toBe('A-0001');
  for (const s of students) expect(s.enrolment_code).toMatch(/^A-\d{4}$/);
  expect(new Set(students.map((s) => s.enrolment_code)).size).toBe(students.length);
});

test('billing guardians invoice under régimen 605 with a usable RFC; the others have neither', async () => {
  const guardians = await rows<{ billing: boolean; tax_id: string | null; tax_regime: string }>(
    `SELECT EXISTS (SELECT 1 FROM students s WHERE s.billing_guardian_id = g.id) AS billing,
            g.tax_id, g.tax_regime
       FROM guardians g`,
  );
  const billing = guardians.filter((g) => g.billing);
  expect(billing.length).toBeGreaterThan(100);
  for (const g of billing) {
    expect(taxRegimeSchema.parse(g.tax_regime)).toBe('605');
    expect(isInvoiceableRfc(g.tax_id!)).toBe(true);
  }
  for (const g of guardians.filter((g) => !g.billing))
    expect([g.tax_id, g.tax_regime]).toEqual([null, null]);
});

test('everything it wrote is announced through the outbox, each record once', async () => {
  const events = await rows<{ type: string; n: number }>(
    'SELECT type, count(*)::int AS n FROM outbox_events GROUP BY type ORDER BY type',
  );
  expect(events).toEqual([
    { type: 'enrolment.cycle.activated', n: 1 },
    { type: 'enrolment.guardian.created', n: await countOf('guardians') },
    { type: 'enrolment.level.created', n: 5 },
    { type: 'enrolment.school.updated', n: 1 },
    { type: 'enrolment.section.created', n: await countOf('sections') },
    { type: 'enrolment.staff.membership_changed', n: 8 },
    { type: 'enrolment.student.created', n: await countOf('students') },
  ]);
});

test('a second run adds nothing and answers the same access', async () => {
  const tables = ['schools', 'students', 'guardians', 'staff_users', 'outbox_events'];
  const before = await Promise.all(tables.map(countOf));
  const first = await seedDemoSchool(db);
  const second = await seedDemoSchool(db);
  expect(second).toEqual(first);
  expect(await Promise.all(tables.map(countOf))).toEqual(before);
});

test('a demo school seeded before matrículas gets them on the next run, announced', async () => {
  const codes = () =>
    rows<{ student_id: string; code: string | null }>(
      'SELECT id AS student_id, enrolment_code AS code FROM students ORDER BY id',
    );
  const updates = () =>
    rows<{ student_id: string; code: string | null }>(
      `SELECT payload->'data'->>'student_id' AS student_id,
              payload->'data'->>'enrolment_code' AS code
         FROM outbox_events WHERE type = 'enrolment.student.updated' ORDER BY seq`,
    );
  const seeded = await codes();
  // Seeded before matrículas, but for one a member of staff gave meanwhile.
  const kept = seeded[0]!.student_id;
  await db.$client.query(
    "UPDATE students SET enrolment_code = CASE WHEN id = $1 THEN 'Z-0001' END",
    [kept],
  );
  const before = (await updates()).length;
  await seedDemoSchool(db);
  const others = seeded.filter((s) => s.student_id !== kept);
  expect(await codes()).toEqual(
    seeded.map((s) => (s.student_id === kept ? { ...s, code: 'Z-0001' } : s)),
  );
  // Billing hears each one given, and nothing of the one kept.
  const announced = (await updates()).slice(before);
  expect(announced).toHaveLength(others.length);
  expect(announced).toEqual(expect.arrayContaining(others));
});
