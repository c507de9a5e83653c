import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { ADMISSION_ENDPOINTS } from './admissions';
import { CYCLE_ENDPOINTS } from './cycles';
import { GUARDIAN_ENDPOINTS } from './guardians';
import { IMPORT_ENDPOINTS } from './imports';
import { INTEGRATION_ENDPOINTS } from './integrations';
import { LEVEL_ENDPOINTS } from './levels';
import { MEMBERSHIP_ENDPOINTS } from './memberships';
import { PORTAL_ENDPOINTS } from './portal';
import { SCHOOL_ENDPOINTS } from '@cuota/contracts/enrolment/endpoints/schools';
import { SECTION_ENDPOINTS } from './sections';
import { STAFF_ENDPOINTS } from './staff';
import { STUDENT_ENDPOINTS } from './students';

/** Every endpoint enrolment serves. */
export const ENROLMENT_ENDPOINTS: readonly AnyEndpoint[] = [
  ...SCHOOL_ENDPOINTS,
  ...CYCLE_ENDPOINTS,
  ...LEVEL_ENDPOINTS,
  ...SECTION_ENDPOINTS,
  ...STUDENT_ENDPOINTS,
  ...GUARDIAN_ENDPOINTS,
  ...ADMISSION_ENDPOINTS,
  ...IMPORT_ENDPOINTS,
  ...INTEGRATION_ENDPOINTS,
  ...PORTAL_ENDPOINTS,
  ...STAFF_ENDPOINTS,
  ...MEMBERSHIP_ENDPOINTS,
];
