import { z } from 'zod';
import { optionalOrderSchema, stockLinesSchema } from '@cuota/contracts/billing/store';
import { cardTokenSchema } from '@cuota/contracts/payments/checkout';
import { requestStatusSchema } from '@cuota/contracts/payments/payins';
import { paymentInstructionsSchema } from '@cuota/contracts/payments/preferences';
import { rfcSchema, taxZipCodeSchema } from '@cuota/contracts/enrolment/guardian-profile';
import { taxRegimeSchema } from '@cuota/contracts/enrolment/schools';
import { FAMILY_CFDI_USES } from '@cuota/contracts/invoicing/fiscal-catalogs';

/**
 * A guest's fiscal data, when they want a CFDI of their purchase made out to them (ADR 0092);
 * without it their sale goes to público en general, in the school's global invoice when the
 * school issues one.
 */
export const guestFiscalSchema = z.strictObject({
  tax_id: rfcSchema,
  billing_name: z
    .string('Escribe la razón social.')
    .trim()
    .min(1, 'Escribe la razón social.')
    .max(300, 'La razón social admite hasta 300 caracteres.'),
  tax_zip_code: taxZipCodeSchema,
  tax_regime: taxRegimeSchema,
  cfdi_use: z.enum(FAMILY_CFDI_USES, { error: 'Elige un uso del CFDI de la lista.' }),
});
export type GuestFiscal = z.infer<typeof guestFiscalSchema>;

/**
 * POST /api/v1/schools/{id}/store-checkout/ (with an Idempotency-Key: the checkout's ref):
 * buy the cart's lines with a card token from the gateway's hosted form, or by SPEI or a cash
 * voucher (ADR 0106: no token; the answer carries the reference). Billing prices the lines
 * and holds their stock; the browser sends quantities only, never amounts (ADR 0074).
 * A signed-in family names one of its students; a guest gives an e-mail.
 */
const storeCheckoutFields = {
  lines: stockLinesSchema,
  student_id: z.uuid('Elige un alumno válido.').nullable().default(null),
  buyer_email: z
    .email('Escribe un correo válido.')
    .trim()
    .toLowerCase()
    .max(200, 'El correo admite hasta 200 caracteres.')
    .nullable()
    .default(null),
  /** A guest's lead, from the store's sign-up answer: the school sees who bought (ADR 0092). */
  lead_id: z.uuid('Elige un registro válido.').nullable().default(null),
  /** A guest's fiscal data for their own CFDI; a family's CFDI follows its billing guardian. */
  fiscal: guestFiscalSchema.nullable().default(null),
};
export const STORE_PAYMENT_METHODS = ['card', 'transfer', 'cash'] as const;
export type StorePaymentMethod = (typeof STORE_PAYMENT_METHODS)[number];
const CARD_TOKEN_REQUIRED = 'Captura los datos de tu tarjeta para pagar.';
const NO_CARD_FOR_REFERENCE = 'Una transferencia o un pago en efectivo no lleva datos de tarjeta.';
export const storeCheckoutSchema = z
  .strictObject({
    ...storeCheckoutFields,
    /** Card by default, as every checkout was before ADR 0106. */
    method: z
      .enum(STORE_PAYMENT_METHODS, {
        error: 'Elige cómo pagar: tarjeta, transferencia o efectivo.',
      })
      .default('card'),
    /** The hosted form's token: a card checkout only. */
    card: z.strictObject({ token: cardTokenSchema }).nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'card' && !body.card)
      ctx.addIssue({ code: 'custom', path: ['card'], message: CARD_TOKEN_REQUIRED });
    if (body.method !== 'card' && body.card)
      ctx.addIssue({ code: 'custom', path: ['card'], message: NO_CARD_FOR_REFERENCE });
  });
export type StoreCheckout = z.infer<typeof storeCheckoutSchema>;

/** The checkout as the buyer follows it: pending until the gateway's signed webhook. */
export const storeCheckoutStatusSchema = z.object({
  payment_id: z.string(),
  school_id: z.string(),
  order_id: z.string(),
  status: requestStatusSchema,
  total_centavos: z.number().int(),
  receipt_number: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** SPEI or cash (ADR 0106): the reference, CLABE, amount and deadline; null for a card. */
  instructions: paymentInstructionsSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type StoreCheckoutStatus = z.infer<typeof storeCheckoutStatusSchema>;

export const STORE_OUT_OF_STOCK = 'Alguno de tus artículos ya no está disponible.';
export const STORE_BUYER_REQUIRED = 'Escribe tu correo para recibir la confirmación de tu compra.';

/** One line of a paid store sale, as billing priced it (IVA included in the price). */
export const storeSaleLineSchema = optionalOrderSchema.shape.lines.element;
export type StoreSaleLine = z.infer<typeof storeSaleLineSchema>;

/**
 * The store marker of payments.payin.succeeded (ADR 0083): what the card paid is this sale of
 * billing's optional order, not receivable orders — the receipt, the family's history and the
 * CFDI (each line with its own IVA) come from these lines.
 */
export const storeSaleSchema = z.object({
  order_id: z.string(),
  student_id: z.string().nullable(),
  /** Where a guest's receipt goes; a family's goes to its guardian's e-mail. */
  buyer_email: z.string().nullable(),
  lines: z.array(storeSaleLineSchema).min(1),
  /** A guest's fiscal data: their CFDI is made out to them (ADR 0092). */
  fiscal: guestFiscalSchema.nullish(),
});
export type StoreSale = z.infer<typeof storeSaleSchema>;

/** A sale line's name on the receipt, the history and the CFDI: «Playera polo (Talla 8)». */
export const storeLineName = (line: Pick<StoreSaleLine, 'item_name' | 'variant_label'>) =>
  line.variant_label ? `${line.item_name} (${line.variant_label})` : line.item_name;
