import { z } from 'zod';

/** Spec §3 risk levels and credit-profile paid flags, word for word. */
export const RISK_LEVELS = [
  'no_risk',
  'low_risk',
  'medium_risk',
  'high_risk',
  'under_investigation',
] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS, 'Elige un nivel de riesgo válido.');
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const PAID_FLAGS = ['total', 'partial', 'no_aply'] as const;
export const paidFlagSchema = z.enum(PAID_FLAGS, 'Elige total, parcial o no aplica.');
export type PaidFlag = z.infer<typeof paidFlagSchema>;

/** The risk levels that refuse card payments (ADR 0036 "risk"). */
export const CARD_REFUSED_RISK_LEVELS: readonly RiskLevel[] = ['high_risk'];
export const CARD_REFUSED_FOR_RISK =
  'Por ahora no es posible pagar con tarjeta. Paga en la caja de tu escuela o por transferencia.';

const schoolIdSchema = z.uuid('Elige una escuela válida.');

/** GET /backoffice/guardians/{id}/credit_profile/?school_id= */
export const creditProfileQuerySchema = z.object({ school_id: schoolIdSchema });

/** POST /backoffice/guardians/{id}/credit_profile/: the school's judgement of a family. */
export const creditProfileInputSchema = z.strictObject({
  school_id: schoolIdSchema,
  risk_level: riskLevelSchema,
  paid_flag: paidFlagSchema,
  note: z.string().trim().max(500, 'La nota admite a lo más 500 caracteres.').optional(),
});
export type CreditProfileInput = z.infer<typeof creditProfileInputSchema>;

/** A guardian's credit profile in one school; a family nobody judged yet is no_risk. */
export const creditProfileSchema = z.object({
  guardian_id: z.string(),
  school_id: z.string(),
  risk_level: riskLevelSchema,
  paid_flag: paidFlagSchema,
  note: z.string().nullable(),
  /** Card payments are refused at this risk level. */
  card_blocked: z.boolean(),
  updated_by_name: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CreditProfile = z.infer<typeof creditProfileSchema>;

/**
 * POST /api/v1/payments_v2/mark_payment_as_blocked/: a card payment the gateway's antifraud
 * blocked (the portal reports it) or staff found fraudulent; its family becomes high_risk.
 */
export const markPaymentBlockedSchema = z.strictObject({
  payment_id: z.uuid('Elige un pago válido.'),
});
