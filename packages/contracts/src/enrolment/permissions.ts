import type { StaffRole } from './entities';

/**
 * Who may change student records. The full permission matrix per domain arrives with the
 * enrolment issue (#3); both the BFF and enrolment read it from here.
 */
export const STUDENT_WRITE_ROLES: readonly StaffRole[] = [
  'OWNER',
  'GENERAL_DIRECTOR',
  'ADMINISTRATIVE_DIRECTOR',
  'ADMISSIONS',
];
