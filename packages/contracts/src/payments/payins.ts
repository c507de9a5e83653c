import { z } from 'zod';
import { conceptTypeSchema, periodSchema } from '@cuota/contracts/billing/concepts';
import { calendarDateSchema, positiveCentavosSchema } from '@cuota/contracts/common/money';
import { optionalOrderSchema } from '@cuota/contracts/billing/store';
import { payinReversalSchema } from '@cuota/contracts/payments/reversals';

/** Spec §3 payin types and payment methods. */
export const PAYIN_TYPES = ['TRANSFER_IN', 'CASH_IN', 'CARD'] as const;
export const payinTypeSchema = z.enum(PAYIN_TYPES);
export type PayinType = z.infer<typeof payinTypeSchema>;

export const PAYMENT_METHODS = [
  'cash',
  'transfer',
  'credit_card',
  'debit_card',
  'to_define',
] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** Spec §4 payment (or invoice) request status. */
export const REQUEST_STATUSES = [
  'pending',
  'failed',
  'success',
  'canceled',
  'canceling',
  'not_requested',
  'multiple',
] as const;
export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

/** What part of a payment went to one order: late fee first, then the base amount. */
export const allocationSchema = z.object({
  order_id: z.string(),
  student_id: z.string(),
  concept_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  period: periodSchema.nullable(),
  base_centavos: z.number().int().nonnegative(),
  late_fee_centavos: z.number().int().nonnegative(),
  /**
   * Scholarships and discounts on the part of the base this allocation pays (the CFDI
   * Concepto's Descuento): the money that paid the base is `base_centavos - discount_centavos`.
   * Absent in events published before discounts existed.
   */
  discount_centavos: z.number().int().nonnegative().default(0),
});
export type Allocation = z.infer<typeof allocationSchema>;

export const payinSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  type: payinTypeSchema,
  method: paymentMethodSchema,
  status: requestStatusSchema,
  amount_centavos: z.number().int(),
  /** The family that paid (a card payment from the portal, or the desk's family). */
  guardian_id: z.string().nullable(),
  student_ids: z.array(z.string()),
  /** The students' names as payments' directory knows them, in `student_ids` order. */
  student_names: z.array(z.string()).default([]),
  allocations: z.array(allocationSchema),
  /** An overpayment kept as the student's credit balance. */
  credit_created_centavos: z.number().int(),
  /**
   * What the payment paid of a refund the family owed, before any order (ADR 0036). Payments
   * always answers it; optional so that payins built before it (fixtures, caches) still parse.
   */
  refund_owed_paid_centavos: z.number().int().nonnegative().optional(),
  /**
   * What went back to the family's card or bank account (ADR 0120): card voids and refunds,
   * bank refunds once their payout was approved; not what became credit. Optional as above.
   */
  returned_centavos: z.number().int().nonnegative().optional(),
  /** What a store sale bought (ADR 0083); null for any other payment. */
  store_lines: z.array(optionalOrderSchema.shape.lines.element).nullable().optional(),
  /** The store sale's order (billing's optional order): its CFDI is asked for by it (ADR 0092). */
  store_order_id: z.string().nullable().optional(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /**
   * A SPEI transfer's or a cash voucher's reference at the gateway (ADR 0089): what the family
   * quotes to pay, the CLABE for SPEI, and until when. Optional for payins built before it.
   */
  payment_reference: z
    .object({ reference: z.string(), clabe: z.string().nullable(), expires_at: z.string() })
    .nullable()
    .optional(),
  /** Folio of the desk receipt (cash and transfers recorded at the school). */
  receipt_number: z.string().nullable(),
  recorded_by: z.string().nullable(),
  /** The cashier's name as it was when the money was received (ADR 0036). */
  recorded_by_name: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /**
   * Its voids and refunds, oldest first, with where the money went and the gateway's word
   * (ADR 0036, 0110). Only in one payin's answer to staff; lists and families leave it out.
   */
  reversals: z.array(payinReversalSchema).optional(),
});
export type Payin = z.infer<typeof payinSchema>;

/** A from–to range of Mexico City dates, both inclusive, from first (400 otherwise). */
export const datesInOrder = {
  check: (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to,
  message: 'La fecha inicial debe ser igual o anterior a la fecha final.',
  path: ['to'],
};

/** What narrows a list of payins (Pagos' filters): who paid, for whom, when, how. */
export const payinFilterSchema = z.object({
  type: payinTypeSchema.optional(),
  status: requestStatusSchema.optional(),
  method: z.enum(PAYMENT_METHODS, 'Elige un método de pago válido.').optional(),
  student_id: z.uuid('Elige un alumno válido.').optional(),
  /** The payer: the family's guardian. */
  guardian_id: z.uuid('Elige un tutor válido.').optional(),
  /** Created from/to these Mexico City dates, inclusive. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
});
export type PayinFilter = z.infer<typeof payinFilterSchema>;

export const payinListQuerySchema = payinFilterSchema
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(25),
  })
  .refine(datesInOrder.check, datesInOrder);

/** The orders a desk payment is for (any of the family's). */
export const deskOrderIdsSchema = z
  .array(z.uuid('Elige cargos válidos.'))
  .min(1, 'Elige al menos un cargo, o ninguno para pagar los más antiguos.')
  .max(100, 'Elige a lo más 100 cargos.');

/** POST /api/v1/dashboard/schools/{id}/payins/: money received at the school's desk. */
export const deskPaymentSchema = z.strictObject({
  student_id: z.uuid('Elige un alumno.'),
  amount_centavos: positiveCentavosSchema,
  method: z.enum(['cash', 'transfer'], 'Elige efectivo o transferencia.'),
  note: z.string().trim().max(300, 'La nota admite a lo más 300 caracteres.').optional(),
  /** The family's orders to pay, oldest due first among them; absent: all (ADR 0036). */
  order_ids: deskOrderIdsSchema.optional(),
  /** The cashier confirmed that what the orders do not need stays as credit. */
  confirm_excess: z.boolean('Confirma con sí o no.').optional(),
});
export type DeskPayment = z.infer<typeof deskPaymentSchema>;

/** How staff and families read a payment's method and type. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Efectivo',
  transfer: 'Transferencia',
  credit_card: 'Tarjeta de crédito',
  debit_card: 'Tarjeta de débito',
  to_define: 'Por definir',
};
export const PAYIN_TYPE_LABELS: Record<PayinType, string> = {
  CASH_IN: 'En caja',
  TRANSFER_IN: 'Transferencia bancaria',
  CARD: 'Tarjeta en línea',
};
