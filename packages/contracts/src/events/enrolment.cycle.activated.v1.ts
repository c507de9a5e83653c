import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * A school's active cycle changed: billing charges the new one from now on. The previous
 * active cycle (if any) was closed in the same transaction.
 */
export const cycleActivatedV1 = defineEvent(
  'enrolment.cycle.activated',
  z.object({
    school_id: z.string(),
    cycle_id: z.string(),
    name: z.string(),
    starts_on: z.string(),
    ends_on: z.string(),
    closed_cycle_id: z.string().nullable(),
  }),
);
