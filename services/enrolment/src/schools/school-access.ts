import type { Response } from 'express';
import type { Permission } from '@cuota/contracts/enrolment/permissions';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import { requirePermission } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { schoolsOfGuardian } from '../guardians/guardian-directory';

export const UNKNOWN_SCHOOL = 'No encontramos esta escuela.';

/**
 * Reads of a school's public face (profile, logo, levels, sections): staff of the school
 * holding `permission`, or a guardian with a dependent there. Anyone else: 404.
 */
export async function requireSchoolReader(
  db: EnrolmentDb,
  res: Response,
  schoolId: string,
  permission: Permission = 'school.read',
): Promise<void> {
  const identity = identityOf(res);
  if (identity.kind === 'staff') {
    requirePermission(res, schoolId, permission);
    return;
  }
  if (identity.kind === 'guardian') {
    const mine = await schoolsOfGuardian(db, identity.guardian_id);
    if (mine.some((s) => s.id === schoolId)) return;
  }
  throw notFound(UNKNOWN_SCHOOL);
}
