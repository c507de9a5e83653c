import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * The school stopped offering a level that had no students; its empty sections went with
 * it (each also published as enrolment.section.deleted).
 */
export const levelDeletedV1 = defineEvent(
  'enrolment.level.deleted',
  z.object({ level_id: z.string(), school_id: z.string() }),
);
