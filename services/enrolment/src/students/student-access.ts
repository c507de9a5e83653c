import type { Response } from 'express';
import { and, eq } from 'drizzle-orm';
import type { Permission } from '@cuota/contracts/enrolment/permissions';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseId, requirePermission } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { studentGuardians, students } from '../schema';

export const UNKNOWN_STUDENT = 'No encontramos a este alumno.';

export interface StudentAccess {
  studentId: string;
  schoolId: string;
  /** Staff act with a permission; a guardian acts on their own dependent. */
  actor: { kind: 'staff'; userId: string } | { kind: 'guardian'; guardianId: string };
}

async function schoolOfStudent(db: EnrolmentDb, id: string): Promise<string> {
  const [row] = await db
    .select({ schoolId: students.schoolId })
    .from(students)
    .where(eq(students.id, id));
  if (!row) throw notFound(UNKNOWN_STUDENT);
  return row.schoolId;
}

export async function isGuardianOf(
  db: EnrolmentDb,
  studentId: string,
  guardianId: string,
): Promise<boolean> {
  const [link] = await db
    .select({ id: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(
      and(eq(studentGuardians.studentId, studentId), eq(studentGuardians.guardianId, guardianId)),
    );
  return !!link;
}

/**
 * Staff of the student's school holding `permission`, or — when `guardians` is allowed —
 * one of the student's guardians. Anyone else gets the same 404 as an unknown id.
 */
export async function authorizeStudent(
  db: EnrolmentDb,
  res: Response,
  rawId: string | undefined,
  permission: Permission,
  { guardians = false }: { guardians?: boolean } = {},
): Promise<StudentAccess> {
  const studentId = parseId(rawId);
  const identity = requireKind(res, 'guardian', 'staff');
  if (identity.kind === 'guardian' && !guardians) throw forbidden();
  const schoolId = await schoolOfStudent(db, studentId);
  if (identity.kind === 'staff') {
    requirePermission(res, schoolId, permission, UNKNOWN_STUDENT);
    return { studentId, schoolId, actor: { kind: 'staff', userId: identity.user_id } };
  }
  if (!(await isGuardianOf(db, studentId, identity.guardian_id))) throw notFound(UNKNOWN_STUDENT);
  return { studentId, schoolId, actor: { kind: 'guardian', guardianId: identity.guardian_id } };
}
