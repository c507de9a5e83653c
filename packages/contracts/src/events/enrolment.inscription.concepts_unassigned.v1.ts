import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { inscriptionConceptsSchema } from './enrolment.inscription.concepts_assigned.v1';

/** Concepts staff removed from an admission; billing cancels what it had not charged yet. */
export const inscriptionConceptsUnassignedV1 = defineEvent(
  'enrolment.inscription.concepts_unassigned',
  inscriptionConceptsSchema,
);
