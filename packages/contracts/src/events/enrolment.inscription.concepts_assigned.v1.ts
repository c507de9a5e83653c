import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** Concepts (charges) staff attached to an admission; billing creates the student's orders. */
export const inscriptionConceptsSchema = z.object({
  student_id: z.string(),
  school_id: z.string(),
  /** The school's active cycle when the concepts were (un)assigned, if any. */
  cycle_id: z.string().nullable(),
  /** Only the concepts this change added (or removed), never the whole set. */
  concept_ids: z.array(z.string()).min(1),
});
export type InscriptionConcepts = z.infer<typeof inscriptionConceptsSchema>;

export const inscriptionConceptsAssignedV1 = defineEvent(
  'enrolment.inscription.concepts_assigned',
  inscriptionConceptsSchema,
);
