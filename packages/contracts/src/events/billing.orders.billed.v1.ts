import { z } from 'zod';
import { conceptTypeSchema, periodSchema } from '@cuota/contracts/billing/concepts';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** Most orders one event carries: a bill run of 100,000 orders is 200 events, not one. */
export const ORDERS_PER_BILLED_EVENT = 500;

/**
 * Billing created orders (a bill run, or an admission's concepts): their base amounts are now
 * receivable. Payments posts receivables against revenue and applies students' credit;
 * invoicing issues PPD invoices where the school invoices at billing (from `detail`).
 * A run's orders come in parts of at most 500 (ORDERS_PER_BILLED_EVENT), each its own event
 * with its own `orders` and `total_centavos` (the parts add up to the run).
 */
export const ordersBilledSchema = z.object({
  school_id: z.string(),
  /** The bill run, or the single assignment, that created them. */
  batch_id: z.string(),
  concept_id: z.string(),
  concept_type: conceptTypeSchema,
  period: periodSchema.nullable(),
  orders: z.number().int().positive(),
  /** The base amounts billed (scholarships follow as billing.order.adjusted, ADR 0035). */
  total_centavos: z.number().int().positive(),
  /** Which part of the batch this is (1-based) and of how many; absent: the batch is one. */
  part: z.number().int().positive().optional(),
  parts: z.number().int().positive().optional(),
  /**
   * The concept's name and each order created, for invoicing to issue PPD invoices when the
   * school invoices at billing (ADR 0037 "PPD and Pagos 2.0"). Optional: without it every
   * order is invoiced when it is paid. `amount_centavos` is what the order charges once the
   * scholarships of the run are applied (its total as billed, which a PPD invoice carries):
   * 0 for a full scholarship, so the items may add up to less than `total_centavos`.
   */
  detail: z
    .object({
      concept_name: z.string(),
      items: z.array(
        z.object({
          order_id: z.string(),
          student_id: z.string(),
          amount_centavos: z.number().int().nonnegative(),
        }),
      ),
    })
    .optional(),
});
export type OrdersBilled = z.infer<typeof ordersBilledSchema>;
export const ordersBilledV1 = defineEvent('billing.orders.billed', ordersBilledSchema);
