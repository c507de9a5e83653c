import { z } from 'zod';
import { positiveCentavosSchema } from '@cuota/contracts/common/money';
import { holderNameSchema } from '@cuota/contracts/payments/bank-accounts';
import { clabeSchema } from './clabe';

/** ADR 0036: a void (desk, or a card sale the same day) or a refund, whole or partial. */
export const REVERSAL_KINDS = ['void', 'refund'] as const;
export const REVERSAL_STATUSES = ['pending', 'applied', 'declined'] as const;
/**
 * Where a refund's money goes: back through the gateway (a card), to the family's credit
 * balance, or to a bank account by SPEI (a transfer's or store cash's money; ADR 0110).
 */
export const REFUND_DESTINATIONS = ['gateway', 'credit', 'bank_account'] as const;

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
  /**
   * Money given back to a bank account (ADR 0110): the orders reopened and the money became
   * credit at once (`status` applied); the payout of that credit is `payout.status` — pending
   * until the gateway's webhook, applied when it left, declined (the credit stays) with
   * `error_message`. Null (or absent, from older answers) for every other reversal.
   */
  payout: z
    .object({
      clabe: z.string(),
      bank_name: z.string().nullable(),
      holder_name: z.string(),
      status: z.enum(REVERSAL_STATUSES),
    })
    .nullable()
    .optional(),
  /**
   * What it took off each order (positive amounts; none while a card reversal is pending).
   * Only in one payin's answer to staff, so the detail shows those orders as reversed.
   */
  orders: z
    .array(
      z.object({
        order_id: z.string(),
        base_centavos: z.number().int().nonnegative(),
        late_fee_centavos: z.number().int().nonnegative(),
      }),
    )
    .optional(),
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
export const refundCardSchema = z
  .strictObject({
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
    /** `to: "bank_account"`: where the SPEI goes and whose it is (ADR 0110). */
    clabe: clabeSchema.optional(),
    holder_name: holderNameSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.to !== 'bank_account') {
      if (b.clabe !== undefined || b.holder_name !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['clabe'],
          message: 'La CLABE solo se indica al devolver a una cuenta bancaria.',
        });
      return;
    }
    if (b.clabe === undefined)
      ctx.addIssue({ code: 'custom', path: ['clabe'], message: 'Escribe la CLABE.' });
    if (b.holder_name === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['holder_name'],
        message: 'Escribe el titular de la cuenta.',
      });
  });
export type RefundCard = z.infer<typeof refundCardSchema>;
