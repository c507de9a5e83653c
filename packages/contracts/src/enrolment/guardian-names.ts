import { z } from 'zod';
import { defineRequest } from '@cuota/contracts/common/request-definition';

/** How many guardians one question may name: one indexed read, one short answer. */
export const GUARDIAN_NAMES_MAX = 500;

/**
 * Another domain asks enrolment the names of guardians it knows only by id (billing's copy
 * of guardians' names, ADR 0085, 0095): those older than the event stream's 30 days never
 * arrived as events. Ids enrolment does not know (deleted, or not its own) are left out.
 */
export const guardianNamesRequest = defineRequest(
  'enrolment.guardian.names',
  z.object({ guardian_ids: z.array(z.string()).min(1).max(GUARDIAN_NAMES_MAX) }),
  z.object({
    guardians: z.array(
      z.object({
        guardian_id: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        /** When the guardian last changed: the answer is as of then (newest wins). */
        updated_at: z.iso.datetime({ offset: true }),
      }),
    ),
  }),
);
