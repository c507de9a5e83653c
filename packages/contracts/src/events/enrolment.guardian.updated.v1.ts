import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { guardianSnapshotSchema } from './enrolment.guardian.created.v1';

/** The guardian as it is now, fiscal fields included (invoicing keeps the newest). */
export const guardianUpdatedV1 = defineEvent('enrolment.guardian.updated', guardianSnapshotSchema);
