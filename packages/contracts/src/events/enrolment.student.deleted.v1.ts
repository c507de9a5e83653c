import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * A lead or applicant that never became a student was removed (admissions delete_student).
 * Inscribed students are never deleted: they change status instead.
 */
export const studentDeletedV1 = defineEvent(
  'enrolment.student.deleted',
  z.object({ student_id: z.string(), school_id: z.string() }),
);
