import { z } from 'zod';
import { defineRequest } from '@cuota/contracts/common/request-definition';
import { conceptTypeSchema, periodSchema } from '@cuota/contracts/billing/concepts';
import { orderPaymentStatusSchema } from '@cuota/contracts/billing/inscription-payments';

/**
 * Questions other domains ask billing over NATS request/reply (billing answers them).
 * Subjects carry the namespace prefix on the wire (@cuota/messaging/naming subjectOf).
 */

/**
 * Does any concept (charge) of this school cycle have students assigned? Enrolment asks
 * before letting staff change a cycle that billing already charges against.
 */
export const cycleHasAssignedConceptsRequest = defineRequest(
  'billing.cycle.has_assigned_concepts',
  z.object({ school_id: z.uuid(), cycle_id: z.uuid() }),
  z.object({
    has_assigned_concepts: z.boolean(),
    /** How many concepts of the cycle have at least one assignment. */
    assigned_concepts: z.number().int().nonnegative(),
  }),
);
export type CycleHasAssignedConcepts = z.infer<typeof cycleHasAssignedConceptsRequest.reply>;

/** An open order as billing prices it for a payment, as of a Mexico City date (ADR 0016). */
export const quotedOrderSchema = z.object({
  order_id: z.string(),
  student_id: z.string(),
  concept_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  period: periodSchema.nullable(),
  due_on: z.iso.date(),
  /** Base amount still owed: of the order's total (after scholarship, discounts, surcharges). */
  pending_base_centavos: z.number().int().nonnegative(),
  /**
   * Early-payment discount a payment in full on the date takes from the pending base (ADR
   * 0035): the money due is `pending_base − discount_due + late_fee_due`; the allocation that
   * completes the order carries it as `discount_centavos`. Absent from older billing: 0.
   */
  discount_due_centavos: z.number().int().nonnegative().optional(),
  /** Late fee accrued as of the date and not yet paid. */
  late_fee_due_centavos: z.number().int().nonnegative(),
  status: orderPaymentStatusSchema,
  /**
   * The order's whole total (after scholarship, discounts and surcharges, as payments holds
   * it receivable) and the late fee accrued as of the date (paid or not).
   * With them payments subtracts its own allocations that billing has not applied yet (its
   * events are in flight), so two payments close together never pay one order twice.
   */
  amount_centavos: z.number().int().nonnegative().optional(),
  late_fee_centavos: z.number().int().nonnegative().optional(),
});
export type QuotedOrder = z.infer<typeof quotedOrderSchema>;
const quoteReply = z.object({ as_of: z.iso.date(), orders: z.array(quotedOrderSchema) });

/**
 * Payments asks billing what these orders cost now, before charging: never a total from the
 * browser. Billing refuses (ok: false, Spanish message) an order that is not open, not of
 * the school, or — when `guardian_id` is given — not of one of that guardian's students
 * (billing guardian or any guardian linked to the student: docs/adr/0023).
 */
export const quoteOrdersRequest = defineRequest(
  'billing.orders.quote',
  z.object({
    school_id: z.uuid(),
    order_ids: z.array(z.uuid()).min(1).max(100),
    guardian_id: z.string().nullable(),
    as_of: z.iso.date().optional(),
  }),
  quoteReply,
);

/** A student's open orders, oldest due first: how a desk payment or a credit is allocated. */
export const openOrdersOfStudentRequest = defineRequest(
  'billing.orders.open_for_student',
  z.object({ school_id: z.uuid(), student_id: z.uuid(), as_of: z.iso.date().optional() }),
  quoteReply,
);

/** What billing says is still owed, per school: the ledger's receivables must equal it. */
export const openReceivablesRequest = defineRequest(
  'billing.receivables.open',
  z.object({ school_ids: z.array(z.uuid()).max(1000).optional() }),
  z.object({
    schools: z.array(z.object({ school_id: z.string(), open_base_centavos: z.number().int() })),
  }),
);

/** A billing subscription as another domain may rely on it (ADR 0071). */
export const subscriptionFactsSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  student_id: z.string(),
  concept_id: z.string(),
  concept_type: conceptTypeSchema,
  /** The first month it bills (`AAAA-MM`). */
  from_period: periodSchema,
  status: z.enum(['ACTIVE', 'CANCELED']),
  canceled_at: z.iso.datetime().nullable(),
});
export type SubscriptionFacts = z.infer<typeof subscriptionFactsSchema>;

/**
 * Payments asks before keeping a family's card for a subscription (ADR 0070, 0071): null
 * when it is not the school's or, with `guardian_id`, not one of that guardian's students'
 * (the quote's rule), so the caller refuses without learning which.
 */
export const subscriptionLookupRequest = defineRequest(
  'billing.subscriptions.lookup',
  z.object({
    school_id: z.uuid(),
    subscription_id: z.uuid(),
    guardian_id: z.string().nullable(),
  }),
  z.object({ subscription: subscriptionFactsSchema.nullable() }),
);
