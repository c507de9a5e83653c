import { z } from 'zod';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A level as the school offers it now: name, place in its list and whether it is offered. */
export const levelSnapshotSchema = z.object({
  level_id: z.string(),
  school_id: z.string(),
  level: educationLevelSchema,
  name: z.string(),
  position: z.number().int(),
  active: z.boolean(),
});

/** The school started offering a level (POST /api/v1/schools/{id}/levels/). */
export const levelCreatedV1 = defineEvent('enrolment.level.created', levelSnapshotSchema);
