import { z } from 'zod';
import { conceptTypeSchema, periodSchema } from '../billing/concepts';
import { defineEvent } from './event-envelope';

/**
 * Billing created orders (a bill run, or an admission's concepts): their base amounts are now
 * receivable. Payments posts receivables against revenue and applies students' credit.
 */
export const ordersBilledSchema = z.object({
  school_id: z.string(),
  /** The bill run, or the single assignment, that created them. */
  batch_id: z.string(),
  concept_id: z.string(),
  concept_type: conceptTypeSchema,
  period: periodSchema.nullable(),
  orders: z.number().int().positive(),
  total_centavos: z.number().int().positive(),
});
export const ordersBilledV1 = defineEvent('billing.orders.billed', ordersBilledSchema);
