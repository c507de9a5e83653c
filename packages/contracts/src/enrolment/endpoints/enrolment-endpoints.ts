import type { AnyEndpoint } from '../../http/endpoint';
import { ADMISSION_ENDPOINTS } from './admissions';
import { GUARDIAN_ENDPOINTS } from './guardians';
import { IMPORT_ENDPOINTS } from './imports';
import { INTEGRATION_ENDPOINTS } from './integrations';
import { LEVEL_ENDPOINTS } from './levels';
import { PORTAL_ENDPOINTS } from './portal';
import { SECTION_ENDPOINTS } from './sections';
import { STUDENT_ENDPOINTS } from './students';

/** Every endpoint enrolment serves. */
export const ENROLMENT_ENDPOINTS: readonly AnyEndpoint[] = [
  ...LEVEL_ENDPOINTS,
  ...SECTION_ENDPOINTS,
  ...STUDENT_ENDPOINTS,
  ...GUARDIAN_ENDPOINTS,
  ...ADMISSION_ENDPOINTS,
  ...IMPORT_ENDPOINTS,
  ...INTEGRATION_ENDPOINTS,
  ...PORTAL_ENDPOINTS,
];
