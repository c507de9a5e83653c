import { z } from 'zod';
import { schoolKindSchema, schoolStatusSchema } from '../enrolment/entities';

/**
 * GET /api/v1/schools/{id}/ as the dashboard reads it: the fields it shows about the
 * school a staff member is working in. The service may send more; they are ignored.
 */
export const schoolProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: schoolKindSchema,
  status: schoolStatusSchema,
});
export type SchoolProfile = z.infer<typeof schoolProfileSchema>;
