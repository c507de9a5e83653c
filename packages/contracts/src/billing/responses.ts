import { z } from 'zod';
import { educationLevelSchema, studentStatusSchema } from '@cuota/contracts/enrolment/entities';
import { studentSnapshotSchema } from '@cuota/contracts/events/enrolment.student.created.v1';

/**
 * A student as billing knows it: enrolment's snapshot plus when billing last saw it change.
 * Level and status are null only while the copy has not learned them (docs/adr/0026).
 */
export const directoryStudentSchema = studentSnapshotSchema.extend({
  level: educationLevelSchema.nullable(),
  status: studentStatusSchema.nullable(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type DirectoryStudent = z.infer<typeof directoryStudentSchema>;

/** GET /internal/student-directory/{schoolId}: ordered by last name, then first name. */
export const studentDirectorySchema = z.object({
  count: z.number().int(),
  students: z.array(directoryStudentSchema),
});
export type StudentDirectory = z.infer<typeof studentDirectorySchema>;
