import { z } from 'zod';
import { conceptTypeSchema, periodSchema } from '@cuota/contracts/billing/concepts';
import { defineEvent, type EventData } from '@cuota/contracts/events/event-envelope';

/**
 * A family or the school cancelled a billing subscription (ADR 0071): payments stops the card
 * that paid it each month. Its unpaid months from the current one on were cancelled in the
 * same transaction (each its own `billing.order.adjusted`). Sent once per cancellation; a
 * subscription taken up again and cancelled later sends another, with its new `canceled_at`.
 */
export const subscriptionCancelledV1 = defineEvent(
  'billing.subscriptions.cancelled',
  z.object({
    subscription_id: z.string(),
    school_id: z.string(),
    student_id: z.string(),
    concept_id: z.string(),
    concept_type: conceptTypeSchema,
    from_period: periodSchema,
    canceled_at: z.iso.datetime(),
    /** The guardian or staff member who cancelled it. */
    canceled_by: z.string().nullable(),
  }),
);
export type SubscriptionCancelled = EventData<typeof subscriptionCancelledV1>;
