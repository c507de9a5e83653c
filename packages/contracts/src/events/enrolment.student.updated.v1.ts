import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { studentSnapshotSchema } from '@cuota/contracts/events/enrolment.student.created.v1';

/**
 * The student as it is now, after an edit, a billing-guardian assignment or a
 * trigger-save-action re-publish. Consumers keep the newest snapshot (occurred_at wins).
 */
export const studentUpdatedV1 = defineEvent('enrolment.student.updated', studentSnapshotSchema);
