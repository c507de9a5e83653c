import type { Response } from 'express';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf, requireKind } from '@cuota/service-runtime/http/require-identity';
import { z } from 'zod';
import { grants, type Permission } from '@cuota/contracts/enrolment/permissions';

export type StaffClaims = Extract<IdentityClaims, { kind: 'staff' }>;

/** Ids arrive in paths: anything but a UUID cannot exist, so it is a 404, not a 500. */
export const idSchema = z.uuid();
export function parseId(value: string | undefined): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The BFF acting for itself (sign-in look-ups): no user may call these. */
export function requireServiceCaller(res: Response): void {
  requireKind(res, 'service');
}

/**
 * A staff member of this school; anyone else learns nothing about it (404). When the school
 * came from a record looked up by id, pass that record's unknown-id message as `unknown`:
 * another school's record then answers exactly like one that does not exist.
 */
export function requireSchoolMember(
  res: Response,
  schoolId: string,
  unknown?: string,
): StaffClaims {
  const identity = identityOf(res);
  if (identity.kind !== 'staff') throw forbidden();
  if (!identity.memberships.some((m) => m.school_id === schoolId)) throw notFound(unknown);
  return identity;
}

export function memberSchoolIds(identity: StaffClaims): string[] {
  return identity.memberships.map((m) => m.school_id);
}

/**
 * A staff member of this school whose membership grants `permission` (contracts' matrix,
 * or the membership's explicit list). Another school is a 404, a missing grant a 403.
 */
export function requirePermission(
  res: Response,
  schoolId: string,
  permission: Permission,
  unknown?: string,
): StaffClaims {
  const identity = requireSchoolMember(res, schoolId, unknown);
  const membership = identity.memberships.find((m) => m.school_id === schoolId)!;
  if (!grants(membership, permission))
    throw forbidden('Tu rol no tiene permiso para realizar esta acción en esta escuela.');
  return identity;
}
