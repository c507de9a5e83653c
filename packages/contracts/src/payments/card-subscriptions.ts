import { z } from 'zod';
import { periodSchema } from '@cuota/contracts/billing/concepts';
import { cardTokenSchema } from '@cuota/contracts/payments/checkout';

/**
 * POST /api/v1/schools/{id}/card_subscriptions/: pay a billing subscription's months with a
 * card (ADR 0070). The token is the card form's single-use one; the student and concept name
 * what the subscription bills, checked against billing's open orders.
 */
export const createCardSubscriptionSchema = z.strictObject({
  subscription_id: z.uuid('Elige una suscripción válida.'),
  student_id: z.uuid('Elige un alumno válido.'),
  concept_id: z.uuid('Elige un concepto válido.'),
  token: cardTokenSchema,
});
export type CreateCardSubscription = z.infer<typeof createCardSubscriptionSchema>;

export const CARD_SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELED'] as const;
export type CardSubscriptionStatus = (typeof CARD_SUBSCRIPTION_STATUSES)[number];

/** A month's charge: PENDING while Kushki answers, UNKNOWN when it never did. */
export const CARD_CHARGE_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'UNKNOWN'] as const;
export type CardChargeStatus = (typeof CARD_CHARGE_STATUSES)[number];

export const cardSubscriptionChargeSchema = z.object({
  order_id: z.string(),
  period: periodSchema.nullable(),
  amount_centavos: z.number().int(),
  status: z.enum(CARD_CHARGE_STATUSES),
  /** Kushki's Spanish reason for a declined charge. */
  message: z.string().nullable(),
  charged_at: z.string(),
});

export const cardSubscriptionSchema = z.object({
  /** Billing's subscription this card pays. */
  subscription_id: z.string(),
  school_id: z.string(),
  student_id: z.string(),
  concept_id: z.string(),
  status: z.enum(CARD_SUBSCRIPTION_STATUSES),
  card: z.object({ brand: z.string(), last_four: z.string() }),
  created_at: z.string(),
  canceled_at: z.string().nullable(),
  /** The months charged, newest first. */
  charges: z.array(cardSubscriptionChargeSchema),
});
export type CardSubscription = z.infer<typeof cardSubscriptionSchema>;
export const cardSubscriptionListSchema = z.array(cardSubscriptionSchema);
