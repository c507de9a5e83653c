import type { Permission } from '@cuota/contracts/enrolment/permissions';
import type { ApiRoute } from './route-table';

/**
 * What a staff row needs, checked by the BFF before it forwards (the service checks again):
 * a permission of docs/permissions.md, or `member` when any member of the school may call
 * it and the service decides (e.g. reading oneself).
 */
export type RouteGrant = Permission | 'member';

/** Enrolment's staff rows, one by one (method + path exactly as in the route table). */
const ENROLMENT: Record<string, RouteGrant> = {
  'POST /api/v1/schools/{id}/levels/': 'levels.write',
  'POST /api/v1/users/': 'staff.write',
  'GET /api/v1/users/{id}/': 'member',
  'PUT /api/v1/users/{id}/': 'member',
  'PATCH /api/v1/users/{id}/': 'member',
  // Re-sends a pending staff invitation (ADR 0013); the school is in the body.
  'POST /api/v1/users/email/': 'staff.write',
  'GET /api/v1/users/me/': 'member',
  'GET /api/v2/dashboard/schools/{id}/students_by_level/': 'students.read',
  'GET /api/v2/dashboard/schools/{id}/students_by_level/filters/': 'students.read',
  'POST /api/v4/dashboard/trigger-save-action/guardians/{id}/': 'guardians.write',
  'POST /api/v4/dashboard/trigger-save-action/students/{id}/': 'students.write',
  'GET /academic-coordinator/memberships/': 'member',
  'GET /academic-coordinator/organizations/': 'member',
  'GET /academic-coordinator/school_cycles/': 'school.read',
  'GET /academic-coordinator/school_cycles/{id}/': 'school.read',
  'GET /academic-coordinator/school_cycles/{id}/has_assigned_concepts/': 'school.read',
  'POST /academic-coordinator/sections/': 'levels.write',
  'PUT /academic-coordinator/sections/{id}/': 'levels.write',
  'DELETE /academic-coordinator/sections/{id}/': 'levels.write',
  'POST /academic-coordinator/sections/bulk_delete/': 'levels.write',
  'GET /academic-coordinator/sections/form_data/': 'school.read',
  'POST /academic-coordinator/sections/form_data/': 'levels.write',
  'GET /academic-coordinator/sections/list_by_school/': 'school.read',
  'PUT /academic-coordinator/sections/{id}/update_from_form/': 'levels.write',
  'GET /academic-coordinator/students/{id}/inscriptions/': 'students.read',
  // Some membership must grant it; the service lists only the schools whose membership does.
  'GET /api/v1/internal/schools/': 'school.read',
  'POST /api/v1/internal/import_students/': 'imports.write',
  'POST /api/v1/internal/importer/': 'imports.write',
  'GET /api/v1/internal/public/guardians/': 'guardians.read',
  'GET /api/v1/internal/public/school-cycles/': 'school.read',
  'GET /api/v1/internal/public/sections/': 'school.read',
  'GET /api/v1/internal/public/students/': 'students.read',
  'GET /api/v1/admissions/check_payments/{id}/': 'admissions.read',
  'POST /api/v1/admissions/create_guardian/': 'admissions.write',
  'POST /api/v1/admissions/create_lead/': 'admissions.write',
  'DELETE /api/v1/admissions/delete_guardian/{id}/': 'admissions.write',
  'DELETE /api/v1/admissions/delete_student/{id}/': 'admissions.write',
  'GET /api/v1/admissions/guardian/{id}/': 'admissions.read',
  'POST /api/v1/admissions/link_guardian/{id}/': 'admissions.write',
  'GET /api/v1/admissions/student_lead/{id}/': 'admissions.read',
  'PUT /api/v1/admissions/update_guardian/{id}/': 'admissions.write',
  'PATCH /backoffice/memberships/{id}/': 'staff.write',
  'PUT /backoffice/school_configs/{id}/': 'school.write',
  // Integration tasks feed a school's students and guardians to the other services, like an
  // import (docs/adr/0014-integration-resync.md); the school comes in the body.
  'POST /backoffice/integration/massive_sync/': 'imports.write',
  'POST /backoffice/integration/single_sync/': 'imports.write',
  'GET /api/v1/dashboard/guardians/': 'guardians.read',
  'GET /api/v1/dashboard/students/': 'students.read',
  'GET /api/v1/dashboard/schools/{id}/admins/': 'staff.read',
  'POST /api/v1/dashboard/schools/{id}/admins/': 'staff.write',
  'PUT /api/v1/dashboard/schools/{id}/admins/{admin}/': 'staff.write',
  'DELETE /api/v1/dashboard/schools/{id}/admins/{admin}/': 'staff.write',
  'PUT /api/v1/dashboard/schools/{id}/admins/{admin}/permissions/': 'staff.write',
  'GET /api/v1/dashboard/schools/{id}/admins/me/': 'member',
  'GET /api/v1/dashboard/schools/{id}/attributes/': 'school.read',
  'GET /api/v1/dashboard/schools/{id}/cycles/': 'school.read',
  'POST /api/v1/dashboard/schools/{id}/cycles/': 'cycles.write',
  'POST /api/v1/dashboard/schools/{id}/cycles/{cycle}/activate/': 'cycles.write',
  'GET /api/v1/dashboard/schools/{id}/cycles/{cycle}/validate_activate/': 'school.read',
  'GET /api/v1/dashboard/schools/{id}/guardians/': 'guardians.read',
  'GET /api/v1/dashboard/schools/{id}/guardians/{guardian}/portal_url/': 'guardians.read',
  'GET /api/v1/dashboard/schools/{id}/inscriptions/': 'admissions.read',
  'GET /api/v1/dashboard/schools/{id}/levels/': 'school.read',
  'GET /api/v1/dashboard/schools/{id}/sections/': 'school.read',
  'GET /api/v1/dashboard/schools/{id}/students/': 'students.read',
  'GET /api/v1/dashboard/schools/{id}/users/': 'staff.read',
  // Oneself always; anyone else needs staff.read (the service tells the two apart).
  'GET /api/v1/dashboard/schools/{id}/users/{user}/permissions/': 'member',
  'GET /api/v1/dashboard/schools/{id}/users/by-email/': 'staff.read',
  'GET /api/v1/dashboard/schools/{id}/users/by-membership/': 'staff.read',
  'PATCH /api/v1/dashboard/schools/{id}/': 'school.write',
  // Capability rows (capability-routes.ts).
  'PATCH /api/v1/schools/{id}/levels/{level}/': 'levels.write',
  'DELETE /api/v1/schools/{id}/levels/{level}/': 'levels.write',
  'POST /api/v1/dashboard/students/{id}/status/': 'students.status',
  'GET /api/v1/dashboard/students/{id}/status_history/': 'students.read',
  'GET /api/v2/dashboard/schools/{id}/students_by_level/xlsx/': 'students.read',
  'POST /api/v1/admissions/assign_concepts/': 'admissions.write',
  'POST /api/v1/admissions/unassign_concepts/': 'admissions.write',
  'POST /api/v1/admissions/student_lead/{id}/applicant/': 'admissions.write',
  'POST /api/v1/admissions/student_lead/{id}/inscribe/': 'admissions.write',
  // Import jobs, their errors and the template: for whoever may import.
  'GET /api/v1/internal/importer/': 'imports.write',
  'GET /api/v1/internal/importer/{id}/': 'imports.write',
  'GET /api/v1/internal/importer/{id}/errors/': 'imports.write',
  'GET /api/v1/internal/importer/template/': 'imports.write',
  'DELETE /api/v1/dashboard/students/{id}/inactivate/': 'students.status',
  'PATCH /api/v1/dashboard/students/{id}/reactivate/': 'students.status',
  'GET /api/v1/dashboard/students/{id}/guardians/': 'guardians.read',
};

const isRead = (method: string) => method === 'GET';
const mentions = (path: string, ...words: string[]) => words.some((w) => path.includes(w));

/**
 * Billing: reads need billing.read (reports and delinquency, reports.read); scholarships,
 * discounts and surcharges need scholarships.write to change; everything else billing.write.
 */
function billingGrant(method: string, path: string): Permission {
  if (mentions(path, '/delinquency/', '/reports/')) return 'reports.read';
  if (isRead(method)) return 'billing.read';
  if (mentions(path, 'scholarships', 'special_discounts', 'special_over_charges'))
    return 'scholarships.write';
  return 'billing.write';
}

/**
 * Payments: money moving out (refunds, payouts, the bank accounts payouts go to) needs
 * payments.refund to change and payouts.read to see; gateway credentials are school
 * settings; any other change is recording a collection.
 */
function paymentsGrant(method: string, path: string): Permission {
  if (mentions(path, 'credentials')) return 'school.write';
  const outgoing = mentions(path, 'refund', 'payout', 'bank_accounts', 'bank-account');
  if (isRead(method)) return outgoing ? 'payouts.read' : 'payments.read';
  return outgoing ? 'payments.refund' : 'payments.collect';
}

/** Invoicing: reads invoicing.read, every change (issue, cancel, re-emit, CSD) invoicing.write. */
function invoicingGrant(method: string, path: string): Permission {
  if (mentions(path, '/csd/')) return 'invoicing.write';
  return isRead(method) ? 'invoicing.read' : 'invoicing.write';
}

/** What a staff row needs; undefined for rows no staff check applies to (portal, store…). */
export function routeGrant(
  route: Pick<ApiRoute, 'method' | 'path' | 'domain'>,
): RouteGrant | undefined {
  switch (route.domain) {
    case 'enrolment':
      return ENROLMENT[`${route.method} ${route.path}`];
    case 'billing':
      return billingGrant(route.method, route.path);
    case 'payments':
      return paymentsGrant(route.method, route.path);
    case 'invoicing':
      return invoicingGrant(route.method, route.path);
    default:
      return undefined;
  }
}

export const ENROLMENT_ROUTE_GRANTS = ENROLMENT;
