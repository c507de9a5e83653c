import { asc, eq, inArray } from 'drizzle-orm';
import type {
  EducationLevel,
  OnboardingStage,
  RiskLevel,
  StudentStatus,
} from '@cuota/contracts/enrolment/entities';
import type { Dependent, GuardianMe } from '@cuota/contracts/enrolment/responses';
import type { GuardianIdentity } from '@cuota/contracts/identity/sign-in';
import type { EnrolmentDb } from '../enrolment-db';
import { guardians, levels, schools, sections, studentGuardians, students } from '../schema';

type GuardianRow = typeof guardians.$inferSelect;

export async function guardianByHash(
  db: EnrolmentDb,
  hash: string,
): Promise<GuardianIdentity | null> {
  const [row] = await db.select().from(guardians).where(eq(guardians.guardianHash, hash));
  return row ? toIdentity(db, row) : null;
}

export async function guardianById(db: EnrolmentDb, id: string): Promise<GuardianIdentity | null> {
  const [row] = await db.select().from(guardians).where(eq(guardians.id, id));
  return row ? toIdentity(db, row) : null;
}

/**
 * guardian.me (spec §3): the guardian, their schools and every dependent with guardians.
 * The four reads do not depend on each other, so they run at once on the pool.
 */
export async function guardianMe(db: EnrolmentDb, id: string): Promise<GuardianMe | null> {
  const [[row], schoolList, dependents, coGuardians] = await Promise.all([
    db.select().from(guardians).where(eq(guardians.id, id)),
    schoolsOfGuardian(db, id),
    dependentRowsOf(db, id),
    guardiansOfDependents(db, id),
  ]);
  if (!row) return null;
  return {
    ...identityOf(row, schoolList),
    dependents: dependents.map((d) => ({ ...d, guardians: coGuardians.get(d.id) ?? [] })),
  };
}

/** The schools where the guardian has a dependent. */
export async function schoolsOfGuardian(db: EnrolmentDb, id: string) {
  return db
    .selectDistinct({ id: schools.id, name: schools.name })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(studentGuardians.guardianId, id))
    .orderBy(schools.name);
}

async function toIdentity(db: EnrolmentDb, row: GuardianRow): Promise<GuardianIdentity> {
  return identityOf(row, await schoolsOfGuardian(db, row.id));
}

function identityOf(row: GuardianRow, schoolList: GuardianIdentity['schools']): GuardianIdentity {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    guardian_hash: row.guardianHash,
    onboarding_stage: row.onboardingStage as OnboardingStage,
    fraud_status: row.fraudStatus as RiskLevel,
    schools: schoolList,
  };
}

/** The guardian's students, in the portal's order, without their guardians yet. */
async function dependentRowsOf(
  db: EnrolmentDb,
  guardianId: string,
): Promise<Omit<Dependent, 'guardians'>[]> {
  const rows = await db
    .select({
      id: students.id,
      first_name: students.firstName,
      last_name: students.lastName,
      school_id: students.schoolId,
      level: levels.level,
      section_id: sections.id,
      section_name: sections.name,
      status: students.status,
      billing_guardian_id: students.billingGuardianId,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(eq(studentGuardians.guardianId, guardianId))
    .orderBy(asc(students.firstName), asc(students.id));
  return rows.map(({ section_id, section_name, billing_guardian_id, ...student }) => ({
    ...student,
    level: student.level as EducationLevel,
    status: student.status as StudentStatus,
    section: section_id ? { id: section_id, name: section_name! } : null,
    billing_guardian: billing_guardian_id ? { id: billing_guardian_id } : null,
  }));
}

/** Every guardian of each of this guardian's students (themselves included), by student. */
async function guardiansOfDependents(db: EnrolmentDb, guardianId: string) {
  const byStudent = new Map<string, Dependent['guardians']>();
  const theirStudents = db
    .select({ id: studentGuardians.studentId })
    .from(studentGuardians)
    .where(eq(studentGuardians.guardianId, guardianId));
  const rows = await db
    .select({
      student_id: studentGuardians.studentId,
      id: guardians.id,
      first_name: guardians.firstName,
      last_name: guardians.lastName,
      email: guardians.email,
      relationship: studentGuardians.relationship,
      billing_name: guardians.billingName,
      tax_id: guardians.taxId,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(inArray(studentGuardians.studentId, theirStudents))
    .orderBy(asc(guardians.firstName), asc(guardians.id));
  for (const { student_id, ...guardian } of rows) {
    const list = byStudent.get(student_id) ?? [];
    list.push(guardian);
    byStudent.set(student_id, list);
  }
  return byStudent;
}
