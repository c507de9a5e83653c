import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A guardian removed in admissions (one with no other student); others forget them too. */
export const guardianDeletedV1 = defineEvent(
  'enrolment.guardian.deleted',
  z.object({ guardian_id: z.string(), school_ids: z.array(z.string()) }),
);
