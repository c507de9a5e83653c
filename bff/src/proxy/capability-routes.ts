import type { RouteRow } from './routes';

/**
 * Endpoints the specification names as capabilities without printing a path for them (the
 * `group:` rows only list some of a group's methods). Each path is a decision recorded in
 * docs/architecture.md ("Enrolment endpoints"); like ROUTE_ROWS, nothing else reaches a
 * service. Kept apart from ROUTE_ROWS so that table stays a copy of api-paths.tsv.
 */
export const CAPABILITY_ROWS: readonly RouteRow[] = [
  // School cycles: creating one (the spec's group lists only GET, activate, validate_activate).
  ['POST', '/api/v1/dashboard/schools/{id}/cycles/', 'dashboard', 'enrolment'],
  // Levels: rename, move or (de)activate one, and stop offering one (the spec names only
  // GET and POST /levels/; sections have their whole CRUD under academic-coordinator).
  ['PATCH', '/api/v1/schools/{id}/levels/{level}/', 'dashboard', 'enrolment'],
  ['DELETE', '/api/v1/schools/{id}/levels/{level}/', 'dashboard', 'enrolment'],
  // The school's logo image (portal and dashboard show it; the service checks who may see it).
  ['GET', '/api/v1/schools/{id}/logo/', 'portal', 'enrolment'],
  // Students (docs/architecture.md "Enrolment endpoints"): a status move other than the
  // spec's inactivate/reactivate and the history of those moves, the photo upload_photo
  // stores, and the list's Excel export.
  ['POST', '/api/v1/dashboard/students/{id}/status/', 'dashboard', 'enrolment'],
  ['GET', '/api/v1/dashboard/students/{id}/status_history/', 'dashboard', 'enrolment'],
  ['GET', '/api/v2/students/{id}/photo/', 'portal', 'enrolment'],
  ['GET', '/api/v2/dashboard/schools/{id}/students_by_level/xlsx/', 'dashboard', 'enrolment'],
  // Admissions (docs/architecture.md "Admissions and student import"): the two pipeline moves.
  ['POST', '/api/v1/admissions/student_lead/{id}/applicant/', 'dashboard', 'enrolment'],
  ['POST', '/api/v1/admissions/student_lead/{id}/inscribe/', 'dashboard', 'enrolment'],
  // Student import: the school's jobs, one job's progress, its error report, the template.
  ['GET', '/api/v1/internal/importer/', 'internal', 'enrolment'],
  ['GET', '/api/v1/internal/importer/{id}/', 'internal', 'enrolment'],
  ['GET', '/api/v1/internal/importer/{id}/errors/', 'internal', 'enrolment'],
  ['GET', '/api/v1/internal/importer/template/', 'internal', 'enrolment'],
];
