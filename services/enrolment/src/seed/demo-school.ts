import { EDUCATION_LEVELS, STAFF_ROLES } from '@cuota/contracts/enrolment/entities';
import type { EducationLevel, StaffRole } from '@cuota/contracts/enrolment/entities';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import { rfcCheckDigit } from '@cuota/contracts/invoicing/rfc';
import type { Executor } from '@cuota/messaging/transaction';
import { createCycle } from '../cycles/create-cycle';
import { activateCycleRow } from '../cycles/cycle-repository';
import type { EnrolmentDb } from '../enrolment-db';
import { guardianRecord } from '../guardians/guardian-repository';
import { createGuardians } from '../guardians/create-guardian';
import { dependentsOf } from '../guardians/student-guardian-repository';
import { createLevel } from '../levels/create-level';
import { insertMembership } from '../memberships/membership-repository';
import { addPortalFeatures } from '../portal/portal-feature-repository';
import { addEmbedOrigins } from '../schools/embed-origin-repository';
import { insertSchool, lockSchoolName, schoolNamed } from '../schools/school-repository';
import { insertSection } from '../sections/section-repository';
import { hashPassword } from '../staff/password';
import { insertStaffUser, staffUserByEmail } from '../staff/staff-user-repository';
import { createStudent } from '../students/create-student';
import { saveStudent, studentByExternalRef } from '../students/student-repository';
import { demoCurp } from './demo-curp';
import { ADULT_NAMES, GIVEN_NAMES, SURNAMES } from './demo-names';

export const DEMO_SCHOOL_NAME = 'Colegio Cuota Demo';
export const DEMO_STAFF_PASSWORD = 'CuotaDemo2026!';
export const DEMO_OPERATOR_EMAIL = 'operaciones@cuota.mx';
/**
 * The sample school web site `npm start` serves (infra/sandboxes/school-site) on each
 * profile's port (dev, e2e, bench): registered so it may embed the demo store (ADR 0066).
 */
export const DEMO_SITE_ORIGINS = [
  'http://127.0.0.1:3010',
  'http://localhost:3010',
  'http://127.0.0.1:13010',
  'http://127.0.0.1:23010',
];
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

/** Billing guardians' régimen fiscal: 605, Sueldos y Salarios (SAT's c_RegimenFiscal). */
const DEMO_TAX_REGIME = '605';

/**
 * Seeds the demo school once: five levels with sections, ~200 students in families of one
 * to three children (each with a CURP), billing guardians with RFCs and régimen fiscal, and
 * one staff user per role. Everything is written through the repositories, so each record's
 * event goes with it. A second run finds the school and adds nothing.
 */
export async function seedDemoSchool(db: EnrolmentDb): Promise<DemoAccess> {
  await db.transaction(async (tx) => {
    await lockSchoolName(tx, DEMO_SCHOOL_NAME);
    if (!(await schoolNamed(tx, DEMO_SCHOOL_NAME))) await createDemoSchool(tx);
    await ensureDemoOperator(tx);
    const school = await schoolNamed(tx, DEMO_SCHOOL_NAME);
    await addEmbedOrigins(tx, school!.id, DEMO_SITE_ORIGINS);
    await ensureDemoEnrolmentCodes(tx, school!.id);
  });
  return demoAccess(db);
}

async function createDemoSchool(tx: Executor): Promise<void> {
  const school = await insertSchool(tx, {
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
  });
  const cycle = await createCycle(tx, school.id, {
    name: '2026-2027',
    starts_on: '2026-08-24',
    ends_on: '2027-07-09',
  });
  const groups = await createLevels(tx, school.id);
  // Through the repository, not activateCycle: that refuses a cycle already over, and the
  // demo's dates are fixed whatever the day it is seeded.
  await activateCycleRow(tx, cycle, null);
  await createStaff(tx, school.id);
  await createFamilies(tx, school.id, groups);
  await addPortalFeatures(tx, [
    { name: 'payments', visibility: 'PUBLIC' },
    { name: 'invoices', visibility: 'PUBLIC' },
    { name: 'store', visibility: 'PUBLIC' },
    { name: 'scholarships', visibility: 'BETA' },
  ]);
}

type Group = { level: EducationLevel; grade: number; sectionId: string };

async function createLevels(tx: Executor, schoolId: string): Promise<Group[]> {
  const groups: Group[] = [];
  for (const level of EDUCATION_LEVELS) {
    const row = await createLevel(tx, schoolId, { level });
    for (const name of GRADES[level]) {
      const fields = { levelId: row.id, name, grade: null, capacity: null };
      groups.push({
        level,
        grade: Number.parseInt(name, 10),
        sectionId: await insertSection(tx, row, fields),
      });
    }
  }
  return groups;
}

async function createStaff(tx: Executor, schoolId: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const role of STAFF_ROLES) {
    const user = await insertStaffUser(tx, {
      name: STAFF_NAMES[role],
      email: staffEmail(role),
      passwordHash,
    });
    // Seeded, not added by anyone: the audit event names the member themself.
    await insertMembership(tx, { userId: user.id, schoolId, role, permissions: null }, user.id);
  }
}

/** Cuota's operator of the demo platform (no school), added to demos seeded before it too. */
async function ensureDemoOperator(tx: Executor): Promise<void> {
  if (await staffUserByEmail(tx, DEMO_OPERATOR_EMAIL)) return;
  await insertStaffUser(tx, {
    name: 'Operaciones Cuota',
    email: DEMO_OPERATOR_EMAIL,
    passwordHash: await hashPassword(DEMO_STAFF_PASSWORD),
    platformOperator: true,
  });
}

/** Family n: 1–3 children (every fourth family has three, every third two). */
const childrenIn = (n: number) => (n % 4 === 0 ? 3 : n % 3 === 0 ? 2 : 1) + (n < 30 ? 1 : 0);

async function createFamilies(tx: Executor, schoolId: string, groups: Group[]): Promise<void> {
  const families = Array.from({ length: DEMO_FAMILIES }, (_, n) => familyNames(n));
  // Every parent in one go (a few round trips instead of a few per guardian).
  const parentIds = await createGuardians(
    tx,
    schoolId,
    families.flatMap((family, n) => parentsOf(family, n)),
  );
  const taken = new Set<string>();
  let child = 0;
  for (const [n, { surname, second }] of families.entries()) {
    const parents = parentIds.splice(0, parentsIn(n));
    for (let c = 0; c < childrenIn(n); c += 1, child += 1) {
      const group = groups[(child * 5) % groups.length]!;
      const firstName = uniqueGivenName(child, `${surname} ${second}`, taken);
      const gender = child % 2 ? 'M' : 'F';
      const birthDate = birthDateOf(group, child);
      await createStudent(tx, {
        school_id: schoolId,
        level: group.level,
        section_id: group.sectionId,
        first_name: firstName,
        last_name: `${surname} ${second}`,
        gender,
        birth_date: birthDate,
        nationality: 'MX',
        status: 'active',
        guardian_ids: parents,
        billing_guardian_id: parents[0]!,
        external_ref: `demo-${n}-${c}`,
        enrolment_code: demoEnrolmentCode(child),
        curp: demoCurp({
          givenNames: firstName,
          firstSurname: surname,
          secondSurname: second,
          birthDate,
          gender,
        }),
      });
    }
  }
}

/**
 * Child k's given name: the list's (11k mod 24)-th, or the next one of the same sex (the list
 * alternates girls and boys) when a student of the same surnames has it already (families n
 * and n + 25 share surnames). Lists sorted by name break ties on random ids, so two «Natalia
 * Martínez Ramos» swapped rows between seeds, and the journeys' baselines with them.
 */
function uniqueGivenName(child: number, surnames: string, taken: Set<string>): string {
  for (let step = 0; ; step += 2) {
    const name = GIVEN_NAMES[(child * 11 + step) % GIVEN_NAMES.length]!;
    if (!taken.has(`${name} ${surnames}`)) {
      taken.add(`${name} ${surnames}`);
      return name;
    }
  }
}

/** The school's matrícula of its n-th demo student (0-based): A-0001, A-0002… */
const demoEnrolmentCode = (child: number) => `A-${String(child + 1).padStart(4, '0')}`;

/**
 * A demo school seeded before matrículas existed gives each of its demo students the one a
 * new seed gives (same families, same order), through the repository, so that
 * enrolment.student.updated carries it to billing's Adeudos, which showed «—» for them.
 * A student who has one keeps it; a school that has them all writes nothing.
 */
async function ensureDemoEnrolmentCodes(tx: Executor, schoolId: string): Promise<void> {
  let child = 0;
  for (let n = 0; n < DEMO_FAMILIES; n += 1)
    for (let c = 0; c < childrenIn(n); c += 1, child += 1) {
      const student = await studentByExternalRef(tx, schoolId, `demo-${n}-${c}`);
      if (student && !student.enrolmentCode)
        await saveStudent(tx, student.id, { enrolmentCode: demoEnrolmentCode(child) });
    }
}

/** Age on 31 December of the cycle's first year, by level and grade (SEP's cut-off date). */
const AGE_IN_FIRST_GRADE: Record<EducationLevel, number> = {
  'pre-school': 3,
  elementary: 6,
  middle: 12,
  'middle-high': 15,
  high: 18,
};
/** Preparatoria and universidad count semesters: two a year. */
const GRADES_A_YEAR: Record<EducationLevel, number> = {
  'pre-school': 1,
  elementary: 1,
  middle: 1,
  'middle-high': 2,
  high: 2,
};

/**
 * A birth date fitting the child's grade in 2026-2027. Child k is born on day 37·k mod 365
 * of that year: a different day for each of the first 365 children, so no two demo CURPs
 * (which carry the date) are alike.
 */
function birthDateOf(group: Group, child: number): string {
  const yearsIn = Math.floor((group.grade - 1) / GRADES_A_YEAR[group.level]);
  const year = 2026 - AGE_IN_FIRST_GRADE[group.level] - yearsIn;
  const day = new Date(Date.UTC(year, 0, 1 + ((child * 37) % 365)));
  return day.toISOString().slice(0, 10);
}

type FamilyNames = { surname: string; second: string };

const familyNames = (n: number): FamilyNames => ({
  surname: SURNAMES[n % SURNAMES.length]!,
  second: SURNAMES[(n * 7 + 3) % SURNAMES.length]!,
});

/** Family n: two parents in even families, one in odd ones. */
const parentsIn = (n: number) => (n % 2 === 0 ? 2 : 1);

/** The family's parents; the first one is the billing guardian, with RFC and régimen. */
function parentsOf({ surname, second }: FamilyNames, n: number) {
  return Array.from({ length: parentsIn(n) }, (_, p) => {
    const first = ADULT_NAMES[(n + p * 5) % ADULT_NAMES.length]!;
    const billing = p === 0;
    return {
      first_name: first,
      last_name: `${surname} ${second}`,
      email: `${slug(first)}.${slug(surname)}${n}.${p}@familias.demo.cuota.mx`,
      // A Mexico City mobile of 10 digits, one per parent: WhatsApp reminders show (ADR 0103).
      phone: `55${String(n).padStart(7, '0')}${p}`,
      onboarding_stage: 'COMPLETED' as const,
      billing_name: billing ? `${first} ${surname} ${second}`.toUpperCase() : null,
      tax_id: billing ? demoRfc(first, surname, second, n) : null,
      tax_zip_code: billing ? '64000' : null,
      tax_regime: billing ? DEMO_TAX_REGIME : null,
    };
  });
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
export async function demoAccess(db: Executor): Promise<DemoAccess> {
  const school = await schoolNamed(db, DEMO_SCHOOL_NAME);
  if (!school) throw new Error('The demo school is not seeded');
  const [first, other] = await Promise.all(
    ['demo-0-0', 'demo-1-0'].map((ref) => billingGuardianOf(db, school.id, ref)),
  );
  if (!first || !other) throw new Error('The demo families are incomplete');
  const dependents = await dependentsOf(db, first.id);
  return {
    school_id: school.id,
    school_name: school.name,
    guardian_id: first.id,
    guardian_hash: first.guardianHash,
    guardian_email: first.email!,
    guardian_name: `${first.firstName} ${first.lastName}`,
    dependent_names: dependents.map((d) => `${d.first_name} ${d.last_name}`),
    other_guardian_id: other.id,
    staff: STAFF_ROLES.map((role) => ({ email: staffEmail(role), role })),
    staff_password: DEMO_STAFF_PASSWORD,
    operator_email: DEMO_OPERATOR_EMAIL,
  };
}

/** The billing guardian of the demo student with this import key. */
async function billingGuardianOf(db: Executor, schoolId: string, externalRef: string) {
  const student = await studentByExternalRef(db, schoolId, externalRef);
  return student?.billingGuardianId ? guardianRecord(db, student.billingGuardianId) : null;
}
