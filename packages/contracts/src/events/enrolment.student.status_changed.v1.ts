import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { studentStatusSchema } from '@cuota/contracts/enrolment/entities';
import { studentSnapshotSchema } from '@cuota/contracts/events/enrolment.student.created.v1';

/** A status move (docs/adr/0008): the new snapshot plus where it came from, who and why. */
export const studentStatusChangedSchema = studentSnapshotSchema.extend({
  from_status: studentStatusSchema,
  reason: z.string().nullable(),
  changed_by: z.string().nullable(),
});

export const studentStatusChangedV1 = defineEvent(
  'enrolment.student.status_changed',
  studentStatusChangedSchema,
);
