import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** An empty section was deleted (alone, in a bulk delete, or with its level). */
export const sectionDeletedV1 = defineEvent(
  'enrolment.section.deleted',
  z.object({ section_id: z.string(), school_id: z.string(), level_id: z.string() }),
);
