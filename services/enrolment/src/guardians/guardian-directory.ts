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

/** guardian.me (spec §3): the guardian, their schools and every dependent with guardians. */
export async function guardianMe(db: EnrolmentDb, id: string): Promise<GuardianMe | null> {
  const identity = await guardianById(db, id);
  if (!identity) return null;
  return { ...identity, dependents: await dependentsOf(db, id) };
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
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    guardian_hash: row.guardianHash,
    onboarding_stage: row.onboardingStage as OnboardingStage,
    fraud_status: row.fraudStatus as RiskLevel,
    schools: await schoolsOfGuardian(db, row.id),
  };
}

async function dependentsOf(db: EnrolmentDb, guardianId: string): Promise<Dependent[]> {
  const rows = await db
    .select({ student: students, level: levels.level, section: sections })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(eq(studentGuardians.guardianId, guardianId))
    .orderBy(asc(students.firstName), asc(students.id));
  const guardiansByStudent = await guardiansOfStudents(
    db,
    rows.map((r) => r.student.id),
  );
  return rows.map(({ student, level, section }) => ({
    id: student.id,
    first_name: student.firstName,
    last_name: student.lastName,
    school_id: student.schoolId,
    level: level as EducationLevel,
    section: section ? { id: section.id, name: section.name } : null,
    status: student.status as StudentStatus,
    guardians: guardiansByStudent.get(student.id) ?? [],
    billing_guardian: student.billingGuardianId ? { id: student.billingGuardianId } : null,
  }));
}

async function guardiansOfStudents(db: EnrolmentDb, studentIds: string[]) {
  const byStudent = new Map<string, Dependent['guardians']>();
  if (!studentIds.length) return byStudent;
  const rows = await db
    .select({ link: studentGuardians, guardian: guardians })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(inArray(studentGuardians.studentId, studentIds))
    .orderBy(asc(guardians.firstName), asc(guardians.id));
  for (const { link, guardian } of rows) {
    const list = byStudent.get(link.studentId) ?? [];
    list.push({
      id: guardian.id,
      first_name: guardian.firstName,
      last_name: guardian.lastName,
      email: guardian.email,
      relationship: link.relationship,
      billing_name: guardian.billingName,
      tax_id: guardian.taxId,
    });
    byStudent.set(link.studentId, list);
  }
  return byStudent;
}
