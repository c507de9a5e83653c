import type { Domain } from './routes';

/**
 * Spec rows served by another domain than api-paths.tsv names, each with its reason
 * (docs/architecture.md "Enrolment endpoints"). ROUTE_ROWS stays a copy of the tsv;
 * compileRoutes applies these.
 */
export const ROUTE_DOMAIN_OVERRIDES: Readonly<Record<string, Domain>> = {
  // The billing guardian is a property of the student, which enrolment owns (guardian.me
  // returns it); invoicing learns each assignment from enrolment.student.updated.
  'PATCH /api/v1/guardians/assign_billing/': 'enrolment',
  'PATCH /api/v1/guardians/assign_billings/': 'enrolment',
};
