import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { educationLevelSchema, studentStatusSchema } from '@cuota/contracts/enrolment/entities';

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
  /**
   * The school's matrícula (enrolment's `enrolment_code`); null when the school gave none.
   * Optional because events published before it lack it: a consumer then keeps what it has.
   */
  enrolment_code: z.string().nullable().optional(),
  /**
   * Every guardian linked to the student (enrolment's student_guardians), sorted: both parents
   * of a family see and pay the student's orders, payins and invoices, not only the billing
   * guardian (docs/adr/0023). Optional because events published before it (still in the
   * streams, replayed by a resync or a new consumer) lack it: a consumer then keeps the links
   * it already has. Present and empty means no guardian is linked any more.
   */
  guardian_ids: z.array(z.string()).optional(),
});
export type StudentSnapshot = z.infer<typeof studentSnapshotSchema>;

/** A student was registered (also by an import or admissions): the snapshot others keep. */
export const studentCreatedV1 = defineEvent('enrolment.student.created', studentSnapshotSchema);
