import { z } from 'zod';

/** What a secret reads as in every answer: set, never shown (ADR 0045). */
export const MASKED_SECRET = '••••••••';

/** `?school_id=`: one school's, else every school's. */
export const credentialsQuerySchema = z.object({
  school_id: z.uuid('Elige una escuela válida.').optional(),
});

/** A school's merchant at the card gateway in one environment, its secrets masked. */
export const gatewayCredentialSchema = z.object({
  school_id: z.string(),
  school_name: z.string().nullable(),
  environment: z.enum(['sandbox', 'production']),
  /** The environment the school's card payments use now (its use_kushki_sandbox). */
  in_use: z.boolean(),
  /** Kushki's merchant id (its webhooks' X-Kushki-Key); null until the school gives it. */
  merchant_id: z.string().nullable(),
  /** Browser-side, not a secret. */
  public_merchant_id: z.string(),
  private_merchant_id: z.literal(MASKED_SECRET),
  webhook_secret: z.literal(MASKED_SECRET),
  updated_at: z.string(),
});
export const gatewayCredentialListSchema = z.object({
  results: z.array(gatewayCredentialSchema),
});

/** How a school takes card payments now: the merchant in use, or none (cards refused). */
export const payinCredentialSchema = z.object({
  school_id: z.string(),
  school_name: z.string(),
  environment: z.enum(['sandbox', 'production']),
  card: gatewayCredentialSchema.omit({ school_id: true, school_name: true }).nullable(),
});
export const payinCredentialListSchema = z.object({ results: z.array(payinCredentialSchema) });
export type PayinCredential = z.infer<typeof payinCredentialSchema>;
export type GatewayCredential = z.infer<typeof gatewayCredentialSchema>;
