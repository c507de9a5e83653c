import { z } from 'zod';

/** How the family means to pay what a preference gathers (spec: card, transfer or cash-in). */
export const preferenceMethodSchema = z.enum(['card', 'transfer', 'cash'], {
  error: 'Elige cómo pagar: tarjeta, transferencia o efectivo.',
});
export type PreferenceMethod = z.infer<typeof preferenceMethodSchema>;

/**
 * POST /api/v1/kushki_checkout/preferences/: the orders a family chose and how it will pay
 * them. Only order ids: every amount is billing's quote (ADR 0045), never the browser's.
 */
export const createPreferenceSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  method: preferenceMethodSchema,
  order_ids: z
    .array(z.uuid('Alguna orden no es válida.'))
    .min(1, 'Elige al menos un concepto a pagar.')
    .max(100, 'Paga como máximo 100 conceptos a la vez.')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Hay conceptos repetidos.' }),
});
export type CreatePreference = z.infer<typeof createPreferenceSchema>;

export const preferenceItemSchema = z.object({
  order_id: z.string(),
  student_id: z.string(),
  concept_name: z.string(),
  period: z.string().nullable(),
  due_on: z.string(),
  base_centavos: z.number().int(),
  late_fee_centavos: z.number().int(),
});
export type PreferenceItem = z.infer<typeof preferenceItemSchema>;

/**
 * How to pay a transfer or cash preference (ADR 0089): its pending payin and the reference the
 * gateway opened for it — SPEI: the CLABE to transfer to and the reference to write in the
 * concept; cash: the voucher's reference to give at the store. The amount is exact.
 */
export const paymentInstructionsSchema = z.object({
  payin_id: z.string(),
  method: z.enum(['transfer', 'cash']),
  /** pending until the money arrives (success) or the reference lapses unpaid (failed). */
  status: z.enum(['pending', 'success', 'failed']),
  amount_centavos: z.number().int(),
  reference: z.string(),
  /** SPEI only: the 18-digit CLABE, and the bank its first three digits name. */
  clabe: z.string().nullable(),
  bank: z.string().nullable(),
  expires_at: z.string(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

export const preferenceSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  method: preferenceMethodSchema,
  /** What the orders owed when the preference was made (billing's quote less payments' own). */
  amount_centavos: z.number().int(),
  items: z.array(preferenceItemSchema),
  /** Transfer and cash: where and how to pay; null for a card (checkout charges it). */
  instructions: paymentInstructionsSchema.nullable(),
  created_at: z.string(),
});
export type Preference = z.infer<typeof preferenceSchema>;

/** POST /api/v1/validate/preferences/: is this preference still what the family owes? */
export const validatePreferenceSchema = z.strictObject({
  preference_id: z.uuid('La preferencia de pago no es válida.'),
});

export const preferenceCheckSchema = z.object({
  order_id: z.string(),
  quoted_centavos: z.number().int(),
  /** What the order owes now (0: paid or canceled meanwhile). */
  owed_centavos: z.number().int(),
  /** Why it changed, in Spanish; null when unchanged. */
  reason: z.string().nullable(),
});

export const preferenceValidationSchema = z.object({
  preference_id: z.string(),
  method: preferenceMethodSchema,
  /** True when every order still owes exactly what the preference quoted. */
  valid: z.boolean(),
  quoted_centavos: z.number().int(),
  owed_centavos: z.number().int(),
  items: z.array(preferenceCheckSchema),
  /** The changes, in Spanish, for the family to read before paying. */
  reasons: z.array(z.string()),
});
export type PreferenceValidation = z.infer<typeof preferenceValidationSchema>;
