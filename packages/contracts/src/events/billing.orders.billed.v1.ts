import { z } from 'zod';
import { conceptTypeSchema, periodSchema } from '../billing/concepts';
import { defineEvent } from './event-envelope';

/**
 * Billing created orders (a bill run, or an admission's concepts): their base amounts are now
 * receivable. Payments posts receivables against revenue and applies students' credit;
 * invoicing issues PPD invoices where the school invoices at billing (from `detail`).
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
  /**
   * The concept's name and each order created, for invoicing to issue PPD invoices when the
   * school invoices at billing (ADR 0037 "PPD and Pagos 2.0"). Optional: without it every
   * order is invoiced when it is paid.
   */
  detail: z
    .object({
      concept_name: z.string(),
      items: z.array(
        z.object({
          order_id: z.string(),
          student_id: z.string(),
          amount_centavos: z.number().int().positive(),
        }),
      ),
    })
    .optional(),
});
export type OrdersBilled = z.infer<typeof ordersBilledSchema>;
export const ordersBilledV1 = defineEvent('billing.orders.billed', ordersBilledSchema);
