import { sql } from 'drizzle-orm';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
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

const countOf = async (table: string) =>
  (await db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n;

test('the demo school: five levels, ~200 students, families, billing RFCs, every staff role', async () => {
  const access = await seedDemoSchool(db);
  expect(await countOf('levels')).toBe(5);
  const students = await countOf('students');
  expect(students).toBeGreaterThanOrEqual(190);
  expect(students).toBeLessThanOrEqual(230);
  const { rows: families } = await db.execute<{ children: number }>(
    sql`SELECT count(*)::int AS children FROM student_guardians GROUP BY guardian_id`,
  );
  expect(families.some((f) => f.children === 2)).toBe(true);
  expect(families.some((f) => f.children === 3)).toBe(true);
  const { rows: billing } = await db.execute<{ tax_id: string | null }>(
    sql`SELECT DISTINCT g.tax_id FROM students s JOIN guardians g ON g.id = s.billing_guardian_id`,
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
  const [owner] = await db
    .select()
    .from(schema.staffUsers)
    .where(sql`email = ${access.staff[0]!.email}`);
  expect(await verifyPassword(access.staff_password, owner!.passwordHash)).toBe(true);
  expect(access.dependent_names.length).toBeGreaterThanOrEqual(2);
  // Every student and guardian is announced through the outbox.
  expect(await countOf('outbox_events')).toBe(students + (await countOf('guardians')));
}, 60_000);

test('a second run adds nothing and answers the same access', async () => {
  const before = await Promise.all(
    ['schools', 'students', 'guardians', 'staff_users', 'outbox_events'].map(countOf),
  );
  const first = await seedDemoSchool(db);
  const second = await seedDemoSchool(db);
  expect(second).toEqual(first);
  expect(
    await Promise.all(
      ['schools', 'students', 'guardians', 'staff_users', 'outbox_events'].map(countOf),
    ),
  ).toEqual(before);
});
