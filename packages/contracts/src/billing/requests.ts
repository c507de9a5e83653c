import { z } from 'zod';
import { defineRequest } from '../common/request-definition';

/**
 * Questions other domains ask billing over NATS request/reply (billing answers them).
 * Subjects carry the namespace prefix on the wire (@cuota/messaging/naming subjectOf).
 */

/**
 * Does any concept (charge) of this school cycle have students assigned? Enrolment asks
 * before letting staff change a cycle that billing already charges against.
 */
export const cycleHasAssignedConceptsRequest = defineRequest(
  'billing.cycle.has_assigned_concepts',
  z.object({ school_id: z.uuid(), cycle_id: z.uuid() }),
  z.object({
    has_assigned_concepts: z.boolean(),
    /** How many concepts of the cycle have at least one assignment. */
    assigned_concepts: z.number().int().nonnegative(),
  }),
);
export type CycleHasAssignedConcepts = z.infer<typeof cycleHasAssignedConceptsRequest.reply>;
