import { z } from 'zod';
import {
  allocationSchema,
  paymentMethodSchema,
  payinTypeSchema,
} from '@cuota/contracts/payments/payins';
import { storeSaleSchema } from '@cuota/contracts/payments/store-checkout';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * Money was received and applied (a confirmed card payment, a desk payment): billing marks
 * the orders, invoicing issues the CFDI of the allocations.
 */
export const payinSucceededSchema = z.object({
  payin_id: z.string(),
  school_id: z.string(),
  type: payinTypeSchema,
  method: paymentMethodSchema,
  amount_centavos: z.number().int().positive(),
  paid_at: z.string(),
  guardian_id: z.string().nullable(),
  allocations: z.array(allocationSchema),
  /** An overpayment kept as this student's credit balance (0 when none). */
  credit_created_centavos: z.number().int().nonnegative(),
  credit_student_id: z.string().nullable(),
  /** A sale of the school's store (no allocations): its lines. Absent for any other payment. */
  store: storeSaleSchema.optional(),
});
export type PayinSucceeded = z.infer<typeof payinSucceededSchema>;
export const payinSucceededV1 = defineEvent('payments.payin.succeeded', payinSucceededSchema);
