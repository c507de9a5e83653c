import { z } from 'zod';
import { defineEvent } from './event-envelope';
import { educationLevelSchema, studentStatusSchema } from '../enrolment/entities';

export const studentSnapshotSchema = z.object({
  student_id: z.string(),
  school_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  level: educationLevelSchema,
  section_id: z.string().nullable(),
  status: studentStatusSchema,
  billing_guardian_id: z.string().nullable(),
  /** The student's CURP (the IEDU complement of a tuition CFDI needs it); null when unknown. */
  curp: z.string().nullable().optional(),
});
export type StudentSnapshot = z.infer<typeof studentSnapshotSchema>;

export const studentCreatedV1 = defineEvent('enrolment.student.created', studentSnapshotSchema);
