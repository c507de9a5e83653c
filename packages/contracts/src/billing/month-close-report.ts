import { z } from 'zod';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { calendarDateSchema } from '@cuota/contracts/common/money';
import { defineRequest } from '@cuota/contracts/common/request-definition';
import { invoiceDocumentSchema } from '@cuota/contracts/invoicing/invoices';
import { paymentMethodSchema } from '@cuota/contracts/payments/payins';
import { periodSchema } from '@cuota/contracts/billing/concepts';
import { agingSchema } from './delinquency';

/**
 * Month close (cierre de mes, issue 23): what a school hands its accountant for one month.
 * Each part comes from the domain that owns it (ADR 0076): billing's orders, payments' money,
 * invoicing's CFDI. Amounts in centavos; dates are Mexico City's.
 */
export const monthCloseQuerySchema = z.strictObject({
  month: periodSchema.optional(),
});
export type MonthCloseQuery = z.infer<typeof monthCloseQuerySchema>;

const centavos = z.number().int();
const count = z.number().int().nonnegative();

/** The month asked of payments and invoicing: its first and last day. */
export const monthRangeSchema = z.object({
  school_id: z.string(),
  from: calendarDateSchema,
  to: calendarDateSchema,
});
export type MonthRange = z.infer<typeof monthRangeSchema>;

/** Billing's part: the orders due in the month, the money applied in it, what is owed at close. */
export const billedRowSchema = z.object({
  concept_name: z.string(),
  level: educationLevelSchema.nullable(),
  orders: count,
  amount_centavos: centavos,
  scholarship_centavos: centavos,
  discount_centavos: centavos,
  surcharge_centavos: centavos,
  /** Importe − beca − descuento + cargo adicional: what the orders ask. */
  total_centavos: centavos,
});
export type BilledRow = z.infer<typeof billedRowSchema>;

/**
 * What the payments applied in the month brought besides the orders' base, per concept and
 * student level: late fees paid, early-payment discounts granted (whatever month the order
 * was due in).
 */
export const appliedRowSchema = z.object({
  concept_name: z.string(),
  level: educationLevelSchema.nullable(),
  late_fee_centavos: centavos,
  early_payment_discount_centavos: centavos,
});
export type AppliedRow = z.infer<typeof appliedRowSchema>;

export const billingCloseSchema = z.object({
  billed: z.array(billedRowSchema),
  applied: z.array(appliedRowSchema),
  /** The sums of `applied`: late fees and early-payment discounts of the month's payments. */
  late_fees_collected_centavos: centavos,
  early_payment_discounts_centavos: centavos,
  /** What orders due by the close still owed of their base then, by days past due. */
  owed: agingSchema.extend({ not_due: centavos }),
});
export type BillingClose = z.infer<typeof billingCloseSchema>;

/** Payments' part: money in by method (by the day paid) and money back (by the day reversed). */
export const paymentsCloseSchema = z.object({
  methods: z.array(
    z.object({
      method: paymentMethodSchema,
      payins: count,
      collected_centavos: centavos,
      reversals: count,
      reversed_centavos: centavos,
    }),
  ),
  /**
   * The same payins' money by what it paid: each order's concept and its student's level (base
   * and late fee). What became credit (saldo a favor) or paid what a refund left owing has no
   * concept: it is what `methods` collected beyond these rows.
   */
  concepts: z.array(
    z.object({
      concept_name: z.string(),
      level: educationLevelSchema.nullable(),
      collected_centavos: centavos,
    }),
  ),
});
export type PaymentsClose = z.infer<typeof paymentsCloseSchema>;

/** Invoicing's part: CFDI stamped in the month, by document; credit notes by concept and level. */
export const invoicingCloseSchema = z.object({
  documents: z.array(
    z.object({
      document: invoiceDocumentSchema,
      /** CFDI stamped (a CFDI de pago that carries several payments counts once). */
      issued: count,
      total_centavos: centavos,
      /** Of them, cancelled since. */
      canceled: count,
    }),
  ),
  /**
   * The month's credit notes by what they gave back: each line's concept (base and late fee)
   * and its student's level. They add up to the credit notes' `total_centavos` above.
   */
  credit_notes: z.array(
    z.object({
      concept_name: z.string(),
      level: educationLevelSchema.nullable(),
      credited_centavos: centavos,
      /** Of it, in credit notes cancelled since. */
      canceled_centavos: centavos,
    }),
  ),
});
export type InvoicingClose = z.infer<typeof invoicingCloseSchema>;

export const monthCloseSchema = z.object({
  month: periodSchema,
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** The month's last day, or today while the month is still open. */
  as_of: calendarDateSchema,
  billing: billingCloseSchema,
  payments: paymentsCloseSchema,
  invoicing: invoicingCloseSchema,
});
export type MonthClose = z.infer<typeof monthCloseSchema>;

/** Billing asks payments for the month's money (payments answers). */
export const paymentsCloseRequest = defineRequest(
  'payments.month.close',
  monthRangeSchema,
  paymentsCloseSchema,
);

/** Billing asks invoicing for the month's CFDI (invoicing answers). */
export const invoicingCloseRequest = defineRequest(
  'invoicing.month.close',
  monthRangeSchema,
  invoicingCloseSchema,
);

/** How the close names each kind of CFDI. */
export const CLOSE_DOCUMENT_LABELS: Record<
  InvoicingClose['documents'][number]['document'],
  string
> = {
  invoice: 'Facturas de ingreso',
  global: 'Facturas globales',
  payment: 'Complementos de pago',
  credit_note: 'Notas de crédito',
};
