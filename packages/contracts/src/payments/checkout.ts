import { z } from 'zod';
import {
  allocationSchema,
  paymentMethodSchema,
  requestStatusSchema,
} from '@cuota/contracts/payments/payins';

/** The card form's single-use token (Kushki's: 32 hex characters). */
export const cardTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'El token de la tarjeta no es válido.');

/**
 * POST /api/v1/payments_v2/checkout/ (with an Idempotency-Key header): pay the selected
 * orders with a card token from the gateway's hosted form. The amounts are billing's, never
 * the browser's; `counter` must be 1 for orders (spec §5's counter is for quantities).
 */
export const checkoutSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  items: z
    .array(
      z.strictObject({
        order_id: z.uuid('Alguna orden no es válida.'),
        student_id: z.uuid().optional(),
        counter: z.literal(1, 'Cada orden se paga una vez.').default(1),
      }),
    )
    .min(1, 'Elige al menos un concepto a pagar.')
    .max(100, 'Paga como máximo 100 conceptos a la vez.')
    .refine((items) => new Set(items.map((i) => i.order_id)).size === items.length, {
      message: 'Hay conceptos repetidos.',
    }),
  card: z.strictObject({ token: cardTokenSchema }),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** GET /api/v1/payments_v2/payment-status/{id}/ (and the checkout's answer). */
export const paymentStatusSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  status: requestStatusSchema,
  method: paymentMethodSchema,
  amount_centavos: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  allocations: z.array(allocationSchema),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * GET /api/v1/schools/{id}/card_form/: what the portal needs to frame the hosted card form, or
 * why this family may not pay by card here (its school judged it high risk).
 */
export const cardFormSettingsSchema = z.discriminatedUnion('kind', [
  /** Kushki's own client SDK (hosted fields, 3-D Secure, OTP, device fingerprint). */
  z.object({
    kind: z.literal('kushki_js'),
    public_merchant_id: z.string(),
    /** Kushki's test environment (UAT) rather than production. */
    in_test: z.boolean(),
  }),
  /** A hosted card form framed by the portal (the local gateway sandbox's). */
  z.object({
    kind: z.literal('hosted_form'),
    /** The form's address, e.g. http://127.0.0.1:8090/hosted/card-form. */
    form_url: z.url(),
    public_merchant_id: z.string(),
  }),
  /** Card checkout would refuse this family: the portal says so before any card is typed. */
  z.object({ kind: z.literal('refused'), message: z.string() }),
]);
export type CardFormSettings = z.infer<typeof cardFormSettingsSchema>;
