import { z } from 'zod';
import { calendarDateSchema } from '@cuota/contracts/common/money';

/** What the desk does with money by hand: cash in the drawer, or a transfer to the bank. */
export const DESK_METHODS = ['cash', 'transfer'] as const;

/** GET …/cash-closing/: a Mexico City day, and one cashier (else the caller, or everyone). */
export const cashClosingQuerySchema = z.strictObject({
  date: calendarDateSchema,
  cashier_id: z.string().min(1).max(200).optional(),
});
export type CashClosingQuery = z.infer<typeof cashClosingQuerySchema>;

/** One thing the cashier did with money that day; amounts signed (out is negative). */
export const cashMovementSchema = z.object({
  kind: z.enum(['payin', 'void', 'credit_refund']),
  at: z.string(),
  method: z.enum(DESK_METHODS),
  /** The receipt folio of the payin (voids: the voided payin's). */
  receipt_number: z.string().nullable(),
  description: z.string(),
  amount_centavos: z.number().int(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** Money by method: received, voided, refunded (both as positive amounts) and the net. */
export const methodTotalsSchema = z.object({
  received_centavos: z.number().int(),
  voided_centavos: z.number().int(),
  refunded_centavos: z.number().int(),
  net_centavos: z.number().int(),
});
export type MethodTotals = z.infer<typeof methodTotalsSchema>;

export const cashierClosingSchema = z.object({
  cashier_id: z.string(),
  cashier_name: z.string(),
  movements: z.array(cashMovementSchema),
  cash: methodTotalsSchema,
  transfer: methodTotalsSchema,
});
export type CashierClosing = z.infer<typeof cashierClosingSchema>;

/**
 * The corte de caja of a day (ADR 0036): per cashier, and — for the whole school — the cash
 * the ledger's cash_desk account moved that day, which the cashiers' cash must equal.
 */
export const cashClosingSchema = z.object({
  school_id: z.string(),
  date: z.string(),
  cashiers: z.array(cashierClosingSchema),
  cash: methodTotalsSchema,
  transfer: methodTotalsSchema,
  /** The ledger's cash_desk movement that day; null when only one cashier's corte is shown. */
  ledger_cash_desk_centavos: z.number().int().nullable(),
  balanced: z.boolean().nullable(),
});
export type CashClosing = z.infer<typeof cashClosingSchema>;
