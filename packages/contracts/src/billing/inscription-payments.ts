import { z } from 'zod';
import { defineRequest } from '@cuota/contracts/common/request-definition';
import { ORDER_PAYMENT_STATUSES } from './order-payment-statuses';

export {
  ORDER_PAYMENT_STATUSES,
  ORDER_PAYMENT_STATUS_LABELS,
  type OrderPaymentStatus,
} from './order-payment-statuses';
/** Spec §4 order payment status, as billing reports it for one concept of a student. */
export const orderPaymentStatusSchema = z.enum(ORDER_PAYMENT_STATUSES);

/** The two concept types (spec §3) that decide whether a student is enrolled for a cycle. */
export const INSCRIPTION_CONCEPT_TYPES = ['INSCRIPTION', 'REINSCRIPTION'] as const;
export const inscriptionConceptTypeSchema = z.enum(INSCRIPTION_CONCEPT_TYPES);
export type InscriptionConceptType = z.infer<typeof inscriptionConceptTypeSchema>;

export const inscriptionPaymentConceptSchema = z.object({
  concept_id: z.string(),
  type: inscriptionConceptTypeSchema,
  status: orderPaymentStatusSchema,
});
export type InscriptionPaymentConcept = z.infer<typeof inscriptionPaymentConceptSchema>;

/**
 * Enrolment asks billing: how is this student's inscription (or re-inscription) concept of
 * the cycle paid? Billing answers with every INSCRIPTION / REINSCRIPTION concept assigned to
 * the student in that cycle (empty when none is assigned); enrolment turns it into the
 * enrolment label (enrolmentLabelFor in ../enrolment/enrolment-label.ts).
 */
export const inscriptionPaymentsRequest = defineRequest(
  'billing.inscription.payments',
  z.object({
    student_id: z.uuid(),
    school_id: z.uuid(),
    /** The school's active cycle; null when the school has none (billing answers no concepts). */
    cycle_id: z.uuid().nullable(),
  }),
  z.object({ concepts: z.array(inscriptionPaymentConceptSchema) }),
);
export type InscriptionPayments = z.infer<typeof inscriptionPaymentsRequest.reply>;
