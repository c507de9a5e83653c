import { z } from 'zod';
import { positiveCentavosSchema } from '@cuota/contracts/common/money';

/** ADR 0036: a void (desk, or a card sale the same day) or a refund, whole or partial. */
export const REVERSAL_KINDS = ['void', 'refund'] as const;
export const REVERSAL_STATUSES = ['pending', 'applied', 'declined'] as const;
/** Where a refund's money goes: back through the gateway, or to the family's credit balance. */
export const REFUND_DESTINATIONS = ['gateway', 'credit'] as const;

export const payinReversalSchema = z.object({
  id: z.string(),
  payin_id: z.string(),
  school_id: z.string(),
  kind: z.enum(REVERSAL_KINDS),
  /** pending while the gateway works on it; applied once the books moved. */
  status: z.enum(REVERSAL_STATUSES),
  amount_centavos: z.number().int().positive(),
  credit_reversed_centavos: z.number().int().nonnegative(),
  /** Of the credit taken back, what the family had already spent: it owes it now. */
  credit_owed_centavos: z.number().int().nonnegative(),
  reason: z.string(),
  requested_by: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  /** Why the gateway refused a card reversal (declined), in Spanish. */
  error_message: z.string().nullable(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
});
export type PayinReversal = z.infer<typeof payinReversalSchema>;

/** POST …/payins/{payin}/void/: why the desk payment is undone (always said). */
export const voidPayinSchema = z.strictObject({
  reason: z
    .string('Escribe el motivo de la anulación.')
    .trim()
    .min(5, 'Escribe el motivo de la anulación (al menos 5 caracteres).')
    .max(300, 'El motivo admite a lo más 300 caracteres.'),
});
export type VoidPayin = z.infer<typeof voidPayinSchema>;

/**
 * POST …/refund/: a card payment given back through the gateway, whole (no amount) or in part.
 * The same day it is a void of the whole sale; after it, a refund (ADR 0036).
 */
export const refundCardSchema = z.strictObject({
  payin_id: z.uuid('Elige el pago con tarjeta que se reembolsa.'),
  amount_centavos: positiveCentavosSchema.optional(),
  reason: z
    .string('Escribe el motivo del reembolso.')
    .trim()
    .min(5, 'Escribe el motivo del reembolso (al menos 5 caracteres).')
    .max(300, 'El motivo admite a lo más 300 caracteres.'),
  /** Refund even though the payin's credit was spent on other orders (the family will owe it). */
  confirm_credit_spent: z.boolean('Indica si confirmas el reembolso.').optional(),
  /**
   * Where the money goes (ADR 0099): back through the gateway (a card; the default), or to the
   * family's credit balance (a SPEI transfer or store cash: its orders reopen, the money stays).
   */
  to: z.enum(REFUND_DESTINATIONS, 'Elige a dónde se devuelve el dinero.').optional(),
});
export type RefundCard = z.infer<typeof refundCardSchema>;
