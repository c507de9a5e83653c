import { z } from 'zod';
import { enrolmentLabelSchema } from '@cuota/contracts/enrolment/entities';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** An applicant became an inscribed (active) student of the school. */
export const inscriptionCompletedV1 = defineEvent(
  'enrolment.inscription.completed',
  z.object({
    student_id: z.string(),
    school_id: z.string(),
    cycle_id: z.string().nullable(),
    /** What billing's answer said at the moment of inscribing (NOT_AVAILABLE if it was silent). */
    label: enrolmentLabelSchema,
    /** The school inscribed without a confirmed payment (see docs/adr on admissions). */
    without_payment: z.boolean(),
  }),
);
