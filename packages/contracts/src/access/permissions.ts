import { z } from 'zod';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';

/**
 * What a staff member may do in a school, per domain. Read with docs/permissions.md (the
 * same matrix as a table). The BFF checks it before proxying and each service again.
 */
export const PERMISSIONS = [
  'school.read',
  'school.write',
  'cycles.write',
  'levels.write',
  'students.read',
  'students.write',
  'students.status',
  'guardians.read',
  'guardians.write',
  'admissions.read',
  'admissions.write',
  'imports.write',
  'staff.read',
  'staff.write',
  'billing.read',
  'concepts.write',
  'billing.write',
  'scholarships.write',
  'payments.read',
  'payments.collect',
  'payments.refund',
  'payouts.read',
  'invoicing.read',
  'invoicing.write',
  'reports.read',
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

const READ_ALL: Permission[] = PERMISSIONS.filter((p) => p.endsWith('.read'));
const without = (list: Permission[], ...drop: Permission[]) =>
  list.filter((p) => !drop.includes(p));

/** Each role's permissions unless the membership carries an explicit list. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  OWNER: PERMISSIONS,
  GENERAL_DIRECTOR: PERMISSIONS,
  ADMINISTRATIVE_DIRECTOR: without([...PERMISSIONS], 'staff.write', 'payments.refund'),
  ACCOUNTANT: [...without(READ_ALL, 'staff.read'), 'concepts.write', 'invoicing.write'],
  TREASURER: [
    ...without(READ_ALL, 'staff.read', 'admissions.read'),
    'concepts.write',
    'billing.write',
    'scholarships.write',
    'payments.collect',
    'payments.refund',
  ],
  ADMISSIONS: [
    'school.read',
    'students.read',
    'students.write',
    'guardians.read',
    'guardians.write',
    'admissions.read',
    'admissions.write',
    'imports.write',
    'billing.read',
  ],
  CASH_COLLECTION: [
    'school.read',
    'students.read',
    'guardians.read',
    'billing.read',
    'payments.read',
    'payments.collect',
  ],
  OTHER: ['school.read', 'students.read'],
};

/** Only an owner may make or change an owner (nobody grants more than they hold). */
export const OWNER_ONLY_ROLES: readonly StaffRole[] = ['OWNER'];

export interface MembershipGrant {
  role: StaffRole;
  /** An explicit list replaces the role's defaults; null or absent keeps them. */
  permissions?: readonly Permission[] | null;
}

export function permissionsOf(grant: MembershipGrant): readonly Permission[] {
  return grant.permissions ?? ROLE_PERMISSIONS[grant.role];
}

export function grants(grant: MembershipGrant, permission: Permission): boolean {
  return permissionsOf(grant).includes(permission);
}
