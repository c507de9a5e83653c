import { and, eq, sql } from 'drizzle-orm';
import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  STAFF_ROLES,
} from '@cuota/contracts/enrolment/entities';
import type { EducationLevel, StaffRole } from '@cuota/contracts/enrolment/entities';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import { rfcCheckDigit } from '@cuota/contracts/invoicing/rfc';
import type { Executor } from '@cuota/messaging/transaction';
import type { EnrolmentDb } from '../enrolment-db';
import { registerGuardian } from '../guardians/register-guardian';
import {
  guardians,
  levels,
  portalFeatures,
  schoolCycles,
  schools,
  sections,
  staffMemberships,
  staffUsers,
  studentGuardians,
  students,
} from '../schema';
import { hashPassword } from '../staff/password';
import { registerStudent } from '../students/register-student';
import { ADULT_NAMES, GIVEN_NAMES, SURNAMES } from './demo-names';

export const DEMO_SCHOOL_NAME = 'Colegio Cuota Demo';
export const DEMO_STAFF_PASSWORD = 'CuotaDemo2026!';
const DEMO_FAMILIES = 110;

/** Groups per level: grades × sections (A, B). */
const GRADES: Record<EducationLevel, string[]> = {
  'pre-school': ['1° A', '2° A', '3° A'],
  elementary: ['1° A', '1° B', '2° A', '3° A', '4° A', '5° A', '6° A'],
  middle: ['1° A', '2° A', '3° A'],
  'middle-high': ['1° A', '3° A', '5° A'],
  high: ['1° A'],
};

const STAFF_NAMES: Record<StaffRole, string> = {
  OWNER: 'Laura Villanueva',
  GENERAL_DIRECTOR: 'Héctor Salinas',
  ADMINISTRATIVE_DIRECTOR: 'Mónica Treviño',
  ACCOUNTANT: 'Raúl Cárdenas',
  TREASURER: 'Teresa Olvera',
  ADMISSIONS: 'Paola Navarro',
  CASH_COLLECTION: 'Arturo Beltrán',
  OTHER: 'Silvia Campos',
};

export const staffEmail = (role: StaffRole) =>
  `${role.toLowerCase().replace(/_/g, '.')}@demo.cuota.mx`;

/**
 * Seeds the demo school once: five levels with sections, ~200 students in families of one
 * to three children, billing guardians with RFCs, and one staff user per role. A second
 * run finds the school and adds nothing.
 */
export async function seedDemoSchool(db: EnrolmentDb): Promise<DemoAccess> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cuota-demo-seed'))`);
    const [existing] = await tx.select().from(schools).where(eq(schools.name, DEMO_SCHOOL_NAME));
    if (!existing) await createDemoSchool(tx);
  });
  return demoAccess(db);
}

async function createDemoSchool(tx: Executor): Promise<void> {
  const [school] = await tx
    .insert(schools)
    .values({
      name: DEMO_SCHOOL_NAME,
      kind: 'k12',
      status: 'operando',
      configDashboard: { use_kushki_sandbox: true },
      legalName: 'COLEGIO CUOTA DEMO',
      taxId: 'CCD1508148A' + rfcCheckDigit('CCD1508148A'),
      taxRegime: '603',
      taxZipCode: '64000',
      contactEmail: 'contacto@demo.cuota.mx',
      contactPhone: '+52 81 5555 0100',
    })
    .returning();
  const schoolId = school!.id;
  await tx.insert(schoolCycles).values({
    schoolId,
    name: '2026-2027',
    startsOn: '2026-08-24',
    endsOn: '2027-07-09',
    status: 'active',
    activatedAt: new Date(),
  });
  const groups = await createLevels(tx, schoolId);
  await createStaff(tx, schoolId);
  await createFamilies(tx, schoolId, groups);
  await tx
    .insert(portalFeatures)
    .values([
      { name: 'payments', visibility: 'PUBLIC' },
      { name: 'invoices', visibility: 'PUBLIC' },
      { name: 'store', visibility: 'PUBLIC' },
      { name: 'scholarships', visibility: 'BETA' },
    ])
    .onConflictDoNothing();
}

type Group = { level: EducationLevel; sectionId: string };

async function createLevels(tx: Executor, schoolId: string): Promise<Group[]> {
  const groups: Group[] = [];
  for (const [position, level] of EDUCATION_LEVELS.entries()) {
    const [row] = await tx
      .insert(levels)
      .values({ schoolId, level, name: EDUCATION_LEVEL_LABELS[level], position })
      .returning();
    const made = await tx
      .insert(sections)
      .values(GRADES[level].map((name) => ({ schoolId, levelId: row!.id, name })))
      .returning();
    groups.push(...made.map((s) => ({ level, sectionId: s.id })));
  }
  return groups;
}

async function createStaff(tx: Executor, schoolId: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const role of STAFF_ROLES) {
    const [user] = await tx
      .insert(staffUsers)
      .values({ name: STAFF_NAMES[role], email: staffEmail(role), passwordHash })
      .returning();
    await tx.insert(staffMemberships).values({ userId: user!.id, schoolId, role });
  }
}

/** Family n: 1–3 children (every fourth family has three, every third two). */
const childrenIn = (n: number) => (n % 4 === 0 ? 3 : n % 3 === 0 ? 2 : 1) + (n < 30 ? 1 : 0);

async function createFamilies(tx: Executor, schoolId: string, groups: Group[]): Promise<void> {
  let child = 0;
  for (let n = 0; n < DEMO_FAMILIES; n += 1) {
    const surname = SURNAMES[n % SURNAMES.length]!;
    const second = SURNAMES[(n * 7 + 3) % SURNAMES.length]!;
    const parents = await createParents(tx, schoolId, n, surname, second);
    for (let c = 0; c < childrenIn(n); c += 1, child += 1) {
      const group = groups[(child * 5) % groups.length]!;
      await registerStudent(tx, {
        school_id: schoolId,
        level: group.level,
        section_id: group.sectionId,
        first_name: GIVEN_NAMES[(child * 11) % GIVEN_NAMES.length]!,
        last_name: `${surname} ${second}`,
        gender: child % 2 ? 'M' : 'F',
        birth_date: null,
        nationality: 'MX',
        status: 'active',
        guardian_ids: parents,
        billing_guardian_id: parents[0]!,
        external_ref: `demo-${n}-${c}`,
      });
    }
  }
}

async function createParents(
  tx: Executor,
  schoolId: string,
  n: number,
  surname: string,
  second: string,
): Promise<string[]> {
  const parents: string[] = [];
  const count = n % 2 === 0 ? 2 : 1;
  for (let p = 0; p < count; p += 1) {
    const first = ADULT_NAMES[(n + p * 5) % ADULT_NAMES.length]!;
    const billing = p === 0;
    parents.push(
      await registerGuardian(tx, {
        school_id: schoolId,
        first_name: first,
        last_name: `${surname} ${second}`,
        email: `${slug(first)}.${slug(surname)}${n}.${p}@familias.demo.cuota.mx`,
        onboarding_stage: 'COMPLETED',
        billing_name: billing ? `${first} ${surname} ${second}`.toUpperCase() : null,
        tax_id: billing ? demoRfc(first, surname, second, n) : null,
        tax_zip_code: billing ? '64000' : null,
      }),
    );
  }
  return parents;
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** A structurally valid persona física RFC with its check digit. */
function demoRfc(first: string, surname: string, second: string, n: number): string {
  const up = (s: string) => slug(s).toUpperCase();
  const letters = `${up(surname).slice(0, 2)}${up(second)[0]}${up(first)[0]}`;
  const birth = `${70 + (n % 25)}${String((n % 12) + 1).padStart(2, '0')}${String((n % 28) + 1).padStart(2, '0')}`;
  const base = `${letters}${birth}${'HK'}`;
  return base + rfcCheckDigit(base);
}

/** Who to sign in as: the first family's billing guardian and every staff user. */
export async function demoAccess(db: EnrolmentDb): Promise<DemoAccess> {
  const [school] = await db.select().from(schools).where(eq(schools.name, DEMO_SCHOOL_NAME));
  if (!school) throw new Error('The demo school is not seeded');
  const [first, other] = await db
    .select({ guardian: guardians })
    .from(students)
    .innerJoin(guardians, eq(guardians.id, students.billingGuardianId))
    .where(
      and(
        eq(students.schoolId, school.id),
        sql`${students.externalRef} IN ('demo-0-0', 'demo-1-0')`,
      ),
    )
    .orderBy(students.externalRef);
  if (!first || !other) throw new Error('The demo families are incomplete');
  const dependents = await db
    .select({ first: students.firstName, last: students.lastName })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(eq(studentGuardians.guardianId, first.guardian.id))
    .orderBy(students.firstName);
  return {
    school_id: school.id,
    school_name: school.name,
    guardian_id: first.guardian.id,
    guardian_hash: first.guardian.guardianHash,
    guardian_email: first.guardian.email!,
    guardian_name: `${first.guardian.firstName} ${first.guardian.lastName}`,
    dependent_names: dependents.map((d) => `${d.first} ${d.last}`),
    other_guardian_id: other.guardian.id,
    staff: STAFF_ROLES.map((role) => ({ email: staffEmail(role), role })),
    staff_password: DEMO_STAFF_PASSWORD,
  };
}
