import { z } from 'zod';
import { conceptTypeSchema, periodSchema } from '@cuota/contracts/billing/concepts';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * An order's amount changed after it was billed: a scholarship or discount granted, a late
 * fee forgiven, a base re-priced, the order cancelled (new total 0) or reinstated (a cancelled
 * month of a subscription taken up again: its total back). Payments posts the
 * difference to the receivable and, when the order had been paid above its new total, keeps
 * the excess as the student's credit; invoicing issues a credit note for what was invoiced
 * above the new total. One event per applied correction (`adjustment_id`) of one order; a
 * correction of many orders at once (scholarships) sends billing.orders.adjusted instead.
 */
export const orderAdjustedSchema = z.object({
  adjustment_id: z.string(),
  order_id: z.string(),
  school_id: z.string(),
  student_id: z.string(),
  concept_id: z.string(),
  concept_type: conceptTypeSchema,
  period: periodSchema.nullable(),
  kind: z.enum([
    'scholarship',
    'discount',
    'surcharge',
    'interest_forgiven',
    'base_edited',
    'price_changed',
    'canceled',
    'reinstated',
  ]),
  /** Base minus discounts plus surcharges, before and after (late fees are not in it). */
  previous_total_centavos: z.number().int().nonnegative(),
  new_total_centavos: z.number().int().nonnegative(),
  reason: z.string(),
  adjusted_at: z.string(),
  adjusted_by: z.string().nullable(),
});
export type OrderAdjusted = z.infer<typeof orderAdjustedSchema>;
export const orderAdjustedV1 = defineEvent('billing.order.adjusted', orderAdjustedSchema);
