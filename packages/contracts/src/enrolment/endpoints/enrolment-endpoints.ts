import type { AnyEndpoint } from '../../http/endpoint';
import { CYCLE_ENDPOINTS } from './cycles';
import { LEVEL_ENDPOINTS } from './levels';
import { MEMBERSHIP_ENDPOINTS } from './memberships';
import { SCHOOL_ENDPOINTS } from './schools';
import { STAFF_ENDPOINTS } from './staff';
import { SECTION_ENDPOINTS } from './sections';

/** Every endpoint enrolment serves. */
export const ENROLMENT_ENDPOINTS: readonly AnyEndpoint[] = [
  ...LEVEL_ENDPOINTS,
  ...SECTION_ENDPOINTS,
  ...SCHOOL_ENDPOINTS,
  ...CYCLE_ENDPOINTS,
  ...STAFF_ENDPOINTS,
  ...MEMBERSHIP_ENDPOINTS,
];
