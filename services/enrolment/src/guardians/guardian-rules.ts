import { randomBytes } from 'node:crypto';
import type { AssignBilling, GuardianChanges } from '@cuota/contracts/enrolment/guardian-profile';
import {
  guardianPortalPath,
  type GuardianPortalUrl,
} from '@cuota/contracts/enrolment/guardian-profile';
import { membershipMayCall, type Access } from '@cuota/contracts/access/access';
import type { Membership } from '@cuota/contracts/identity/identity-claims';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { GuardianRecordChanges } from './guardian-repository';

/** 32 random bytes, URL-safe: the guardian's link cannot be guessed or enumerated. */
export function newGuardianHash(): string {
  return randomBytes(32).toString('base64url');
}

/** The validated edit (RFC already normalised) as the guardian's columns. */
export const guardianColumns = (changes: GuardianChanges): GuardianRecordChanges => ({
  firstName: changes.first_name,
  lastName: changes.last_name,
  email: changes.email,
  phone: changes.phone,
  billingName: changes.billing_name,
  taxId: changes.tax_id,
  taxZipCode: changes.tax_zip_code,
  taxRegime: changes.tax_regime,
  cfdiUse: changes.cfdi_use,
});

/**
 * The school through which a staff member reaches a guardian: one the guardian belongs to
 * where the member's role may call the endpoint, else any shared one (the caller then learns
 * it lacks the grant), else none (the guardian is unknown to them).
 */
export function staffSchoolOfGuardian(
  memberships: readonly Membership[],
  guardianSchoolIds: readonly string[],
  access: Access,
): string | null {
  const shared = memberships.filter((m) => guardianSchoolIds.includes(m.school_id));
  return (shared.find((m) => membershipMayCall(access, m)) ?? shared[0])?.school_id ?? null;
}

/**
 * Each billing guardian must already be a guardian of the student: the refused pairs, each
 * named by its place in the request, or null when every pair is linked.
 */
export function billingAssignmentRefusal(
  assignments: readonly AssignBilling[],
  links: readonly { studentId: string; guardianId: string }[],
): HttpError | null {
  const linked = new Set(links.map((l) => `${l.studentId}/${l.guardianId}`));
  const refused = assignments
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => !linked.has(`${a.student_id}/${a.guardian_id}`));
  if (!refused.length) return null;
  return new HttpError(
    400,
    'VALIDATION_FAILED',
    'El tutor de facturación debe ser uno de los tutores del alumno.',
    refused.map(({ i }) => ({
      path: `assignments.${i}.guardian_id`,
      message: 'Este tutor no es tutor de este alumno.',
    })),
  );
}

/** The guardian's personal portal link (PUBLIC_URL + /guardians/{hash}), for staff to send. */
export function portalLink(
  guardianId: string,
  guardianHash: string,
  publicUrl: string | undefined,
): GuardianPortalUrl {
  if (!publicUrl)
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'El enlace del portal no está configurado.');
  const path = guardianPortalPath(guardianHash);
  return {
    guardian_id: guardianId,
    portal_path: path,
    portal_url: new URL(path, publicUrl).toString(),
  };
}
