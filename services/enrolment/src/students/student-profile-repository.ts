import { asc, eq } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  studentPhotoPath,
  type StudentDetail,
  type StudentGuardian,
} from '@cuota/contracts/enrolment/student-detail';
import type { Executor } from '@cuota/messaging/transaction';
import { guardians, levels, sections, studentGuardians, students } from '../schema';

/**
 * Reads of the student's record as the detail page shows it: the student, its level and
 * group, and its guardians (the students concept answers them).
 */

/** The student's guardians, the billing guardian marked. */
export async function guardiansOfStudent(
  db: Executor,
  studentId: string,
): Promise<StudentGuardian[]> {
  const [student] = await db
    .select({ billing: students.billingGuardianId })
    .from(students)
    .where(eq(students.id, studentId));
  return guardianList(db, studentId, student?.billing ?? null);
}

async function guardianList(
  db: Executor,
  studentId: string,
  billingGuardianId: string | null,
): Promise<StudentGuardian[]> {
  const rows = await db
    .select({ guardian: guardians, relationship: studentGuardians.relationship })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(asc(guardians.lastName), asc(guardians.firstName), asc(guardians.id));
  return rows.map(({ guardian: g, relationship }) => ({
    id: g.id,
    first_name: g.firstName,
    last_name: g.lastName,
    email: g.email,
    phone: g.phone,
    relationship,
    billing_name: g.billingName,
    tax_id: g.taxId,
    is_billing_guardian: g.id === billingGuardianId,
  }));
}

/** GET /api/v1/students/{id}/: the record, its placement and its guardians. */
export async function studentProfile(db: Executor, id: string): Promise<StudentDetail | null> {
  const [row] = await db
    .select({ student: students, level: levels.level, section: sections })
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(eq(students.id, id));
  if (!row) return null;
  const { student: s, section } = row;
  return {
    id: s.id,
    school_id: s.schoolId,
    first_name: s.firstName,
    last_name: s.lastName,
    gender: s.gender as StudentDetail['gender'],
    birth_date: s.birthDate,
    nationality: s.nationality,
    curp: s.curp,
    enrolment_code: s.enrolmentCode,
    level: row.level as EducationLevel,
    section: section ? { id: section.id, name: section.name } : null,
    status: s.status as StudentStatus,
    status_reason: s.statusReason,
    billing_guardian_id: s.billingGuardianId,
    photo_url: s.photoImageId ? studentPhotoPath(s.id) : null,
    guardians: await guardianList(db, s.id, s.billingGuardianId),
  };
}
