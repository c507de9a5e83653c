import type { Response } from 'express';
import { and, eq, inArray } from 'drizzle-orm';
import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { Permission } from '@cuota/contracts/enrolment/permissions';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import type { Call } from '@cuota/service-runtime/http/endpoint-handlers';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { requirePermission } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { schoolsOfGuardian } from '../guardians/guardian-directory';
import { schools } from '../schema';

export const UNKNOWN_SCHOOL = 'No encontramos esta escuela.';

/** Only an operating school faces the public; one onboarding, paused or closed shows nothing. */
const PUBLIC_STATUSES: SchoolStatus[] = ['operando'];

async function isPublicSchool(db: EnrolmentDb, schoolId: string): Promise<boolean> {
  const [school] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, schoolId), inArray(schools.status, PUBLIC_STATUSES)));
  return Boolean(school);
}

/** A school that anyone may see (store pickers, logo, sign-up); else 404. */
export async function requirePublicSchool(db: EnrolmentDb, schoolId: string): Promise<void> {
  if (!(await isPublicSchool(db, schoolId))) throw notFound(UNKNOWN_SCHOOL);
}

/** The caller of an endpoint, as handlers receive it. */
type Caller = Pick<Call<AnyEndpoint>, 'caller' | 'requireStaffOf'>;

/**
 * Reads of a school's public face, for endpoints defined with `publicOrMembers`: staff of
 * the school holding the endpoint's permission, or a guardian with a dependent there; with
 * `visitors`, anyone while the school is public. Anyone else: 404.
 */
export async function authorizeSchoolRead(
  db: EnrolmentDb,
  call: Caller,
  schoolId: string,
  { visitors = false }: { visitors?: boolean } = {},
): Promise<void> {
  if (visitors && (await isPublicSchool(db, schoolId))) return;
  const { caller } = call;
  if (caller.kind === 'staff') {
    call.requireStaffOf(schoolId, UNKNOWN_SCHOOL);
    return;
  }
  if (caller.kind === 'guardian') {
    const mine = await schoolsOfGuardian(db, caller.guardian_id);
    if (mine.some((s) => s.id === schoolId)) return;
  }
  throw notFound(UNKNOWN_SCHOOL);
}

/**
 * Reads of a school's public face (profile, logo, levels, sections): staff of the school
 * holding `permission`, or a guardian with a dependent there; with `visitors`, anyone
 * (a signed-out store visitor too) while the school is public. Anyone else: 404.
 */
export async function requireSchoolReader(
  db: EnrolmentDb,
  res: Response,
  schoolId: string,
  {
    permission = 'school.read',
    visitors = false,
  }: { permission?: Permission; visitors?: boolean } = {},
): Promise<void> {
  if (visitors && (await isPublicSchool(db, schoolId))) return;
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
