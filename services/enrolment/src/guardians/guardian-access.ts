import type { Response } from 'express';
import { eq } from 'drizzle-orm';
import type { Permission } from '@cuota/contracts/enrolment/permissions';
import { grants } from '@cuota/contracts/enrolment/permissions';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseId } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { guardianSchools } from '../schema';

export const UNKNOWN_GUARDIAN = 'No encontramos a este tutor.';

export type GuardianActor = { kind: 'staff'; userId: string } | { kind: 'guardian' };

export async function schoolsOfGuardianIds(db: EnrolmentDb, guardianId: string): Promise<string[]> {
  const rows = await db
    .select({ schoolId: guardianSchools.schoolId })
    .from(guardianSchools)
    .where(eq(guardianSchools.guardianId, guardianId));
  return rows.map((r) => r.schoolId);
}

/**
 * The guardian themself, or staff of one of the guardian's schools. Staff who know the
 * guardian but lack `permission` there get 403; anyone else the 404 of an unknown id.
 */
export async function authorizeGuardian(
  db: EnrolmentDb,
  res: Response,
  rawId: string | undefined,
  permission: Permission,
): Promise<{ guardianId: string; actor: GuardianActor }> {
  const guardianId = parseId(rawId);
  const identity = requireKind(res, 'guardian', 'staff');
  if (identity.kind === 'guardian') {
    if (identity.guardian_id !== guardianId) throw notFound(UNKNOWN_GUARDIAN);
    return { guardianId, actor: { kind: 'guardian' } };
  }
  const schools = new Set(await schoolsOfGuardianIds(db, guardianId));
  const shared = identity.memberships.filter((m) => schools.has(m.school_id));
  if (!shared.length) throw notFound(UNKNOWN_GUARDIAN);
  if (!shared.some((m) => grants(m, permission)))
    throw forbidden('Tu rol no tiene permiso para realizar esta acción en esta escuela.');
  return { guardianId, actor: { kind: 'staff', userId: identity.user_id } };
}
