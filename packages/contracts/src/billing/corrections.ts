import { z } from 'zod';
import { calendarDateSchema, positiveCentavosSchema } from '@cuota/contracts/common/money';
import { lateFeeSchema } from '@cuota/contracts/billing/concepts';
import { orderDetailSchema } from '@cuota/contracts/billing/orders';
import { reasonSchema } from '@cuota/contracts/billing/scholarships';

/** …/fulfillments/{fulfillment}/switch_interest_forgiven/: forgive the late fee, or charge it again. */
export const switchInterestForgivenSchema = z.strictObject({
  /** The state wanted, not a toggle: a retried request changes nothing twice (ADR 0035). */
  interest_forgiven: z.boolean('Indica si se condonan los recargos.'),
  reason: reasonSchema,
});

/** …/fulfillments/{fulfillment}/edit_base/: the order's base amount. */
export const editBaseSchema = z.strictObject({
  amount_centavos: positiveCentavosSchema,
  reason: reasonSchema,
});

/** …/fulfillments/{fulfillment}/edit_due/: the order's due date. */
export const editDueSchema = z.strictObject({
  due_on: calendarDateSchema,
  reason: reasonSchema,
});

/** …/fulfillments/{fulfillment}/avoid_scholarship/ and …/force_scholarship/: only why. */
export const scholarshipRuleSchema = z.strictObject({ reason: reasonSchema });

/** PATCH /book-keeper/orders/{id}/: any of the corrections above, or cancelling an unpaid order. */
export const bookkeeperOrderPatchSchema = z
  .strictObject({
    amount_centavos: positiveCentavosSchema.optional(),
    due_on: calendarDateSchema.optional(),
    interest_forgiven: z.boolean('Indica si se condonan los recargos.').optional(),
    canceled: z.literal(true, 'Solo se puede cancelar la orden (canceled: true).').optional(),
    reason: reasonSchema,
  })
  .refine(
    (b) =>
      [b.amount_centavos, b.due_on, b.interest_forgiven, b.canceled].some((v) => v !== undefined),
    'Indica qué cambiar de la orden.',
  );
export type BookkeeperOrderPatch = z.infer<typeof bookkeeperOrderPatchSchema>;

/**
 * PUT /book-keeper/orders/{id}/ («Reemplazar órdenes»): an unpaid order's terms replaced in one
 * go, one audit entry; a field left out is an error, not a field kept.
 */
export const bookkeeperOrderReplaceSchema = z.strictObject({
  amount_centavos: positiveCentavosSchema,
  due_on: calendarDateSchema,
  /** The order's own late-fee rule (its copy of the concept's); null: no late fee. */
  late_fee: lateFeeSchema.nullable(),
  reason: reasonSchema,
});
export type BookkeeperOrderReplace = z.infer<typeof bookkeeperOrderReplaceSchema>;

/** …/concepts/{concept}/change_order_prices/: the concept's new price and its unpaid orders'. */
export const changeOrderPricesSchema = z.strictObject({
  price_centavos: positiveCentavosSchema,
  /** Orders falling due on or after this date are re-priced (default: today). */
  from: calendarDateSchema.optional(),
  reason: reasonSchema,
});
export type ChangeOrderPrices = z.infer<typeof changeOrderPricesSchema>;

export const changedOrderPricesSchema = z.object({
  concept_id: z.string(),
  price_centavos: z.number().int(),
  orders_repriced: z.number().int(),
  /** Orders with money applied keep their price (a refund or credit note comes first). */
  orders_with_payments: z.number().int(),
  note: z.string().nullable(),
});

export const ORDER_ADJUSTMENT_KINDS = [
  'scholarship',
  'discount',
  'surcharge',
  'interest_forgiven',
  'base_edited',
  'price_changed',
  'canceled',
  'due_edited',
  'scholarship_avoided',
  'scholarship_forced',
  'replaced',
  'reinstated',
] as const;

/** One entry of an order's audit trail: who changed what, when, from what to what, and why. */
export const orderAdjustmentSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_ADJUSTMENT_KINDS),
  changes: z.array(
    z.object({
      /**
       * amount_centavos, scholarship_centavos, due_on, interest_forgiven, total_centavos…;
       * late_fee as the rule's Spanish text («$150.00, 5 días de gracia»).
       */
      field: z.string(),
      before: z.union([z.number(), z.string(), z.boolean(), z.null()]),
      after: z.union([z.number(), z.string(), z.boolean(), z.null()]),
    }),
  ),
  reason: z.string(),
  adjusted_by: z.string().nullable(),
  adjusted_by_name: z.string().nullable(),
  adjusted_at: z.string(),
});
export type OrderAdjustment = z.infer<typeof orderAdjustmentSchema>;

/** The order as the school's staff sees it: payments applied and its corrections, newest last. */
export const staffOrderDetailSchema = orderDetailSchema.extend({
  adjustments: z.array(orderAdjustmentSchema),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;
