import type { Response } from 'express';
import { and, eq, inArray } from 'drizzle-orm';
import type { Permission } from '@cuota/contracts/enrolment/permissions';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import type { Executor } from '@cuota/messaging/transaction';
import { requirePermission, type StaffClaims } from '../access';
import { guardianSchools, students } from '../schema';

export const UNKNOWN_STUDENT = 'No encontramos a este alumno.';
export const UNKNOWN_GUARDIAN = 'No encontramos a este tutor.';

/** Statuses admissions works on: a lead (Interesado) and an applicant (Aspirante). */
export const IN_ADMISSION: readonly StudentStatus[] = ['lead', 'new_student'];

export interface StudentRef {
  id: string;
  schoolId: string;
  status: StudentStatus;
}

/** The student, if the caller may act on it with `permission`; another school's is a 404. */
export async function studentFor(
  db: Executor,
  res: Response,
  studentId: string,
  permission: Permission,
): Promise<{ student: StudentRef; staff: StaffClaims }> {
  const [row] = await db
    .select({ id: students.id, schoolId: students.schoolId, status: students.status })
    .from(students)
    .where(eq(students.id, studentId));
  if (!row) throw notFound(UNKNOWN_STUDENT);
  const staff = requirePermission(res, row.schoolId, permission, UNKNOWN_STUDENT);
  return { student: { ...row, status: row.status as StudentStatus }, staff };
}

/** Admissions edits only leads and applicants; an inscribed student is the students' screens'. */
export function requireInAdmission(student: StudentRef): void {
  if (!IN_ADMISSION.includes(student.status))
    throw conflict('Este alumno ya no está en admisiones: edítalo desde la ficha del alumno.');
}

/**
 * The school through which the caller reaches this guardian: one of the guardian's schools
 * where the caller is a member. A guardian of no school of theirs is a 404.
 */
export async function guardianSchoolFor(
  db: Executor,
  res: Response,
  guardianId: string,
  permission: Permission,
): Promise<{ schoolId: string; staff: StaffClaims }> {
  const identity = identityOf(res);
  const mine = identity.kind === 'staff' ? identity.memberships.map((m) => m.school_id) : [];
  const [link] = mine.length
    ? await db
        .select({ schoolId: guardianSchools.schoolId })
        .from(guardianSchools)
        .where(
          and(eq(guardianSchools.guardianId, guardianId), inArray(guardianSchools.schoolId, mine)),
        )
        .limit(1)
    : [];
  if (identity.kind === 'staff' && !link) throw notFound(UNKNOWN_GUARDIAN);
  const schoolId = link?.schoolId ?? '';
  return { schoolId, staff: requirePermission(res, schoolId, permission) };
}
