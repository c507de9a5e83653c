import type { AnyEndpoint } from '../../http/endpoint';
import { LEVEL_ENDPOINTS } from './levels';
import { SECTION_ENDPOINTS } from './sections';

/** Every endpoint enrolment serves. */
export const ENROLMENT_ENDPOINTS: readonly AnyEndpoint[] = [
  ...LEVEL_ENDPOINTS,
  ...SECTION_ENDPOINTS,
];
