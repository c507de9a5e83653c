import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { sectionSnapshotSchema } from './enrolment.section.created.v1';

/** A section renamed, moved to another level, or its grade or capacity changed. */
export const sectionUpdatedV1 = defineEvent('enrolment.section.updated', sectionSnapshotSchema);
