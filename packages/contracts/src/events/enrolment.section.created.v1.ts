import { z } from 'zod';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A section (grupo) as it is now. */
export const sectionSnapshotSchema = z.object({
  section_id: z.string(),
  school_id: z.string(),
  level_id: z.string(),
  level: educationLevelSchema,
  name: z.string(),
  grade: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
});

/** A section was created (one by one or several from the form). */
export const sectionCreatedV1 = defineEvent('enrolment.section.created', sectionSnapshotSchema);
