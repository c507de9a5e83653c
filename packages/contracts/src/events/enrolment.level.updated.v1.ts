import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { levelSnapshotSchema } from './enrolment.level.created.v1';

/**
 * A level renamed, moved or (de)activated; the snapshot is the level as it is now. Moving
 * one level renumbers its neighbours: each level whose position changed gets its own event.
 */
export const levelUpdatedV1 = defineEvent('enrolment.level.updated', levelSnapshotSchema);
