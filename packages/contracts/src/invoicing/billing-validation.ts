import { z } from 'zod';

/**
 * POST /api/v1/guardians/{id}/validate_billing/: the fiscal data a family typed (the portal's
 * onboarding asks before saving it). A field left out is checked as the guardian has it
 * saved, so `{}` checks what is on file. Field names are the guardian profile's.
 */
const typed = z
  .string('Escribe cada dato como texto.')
  .max(400, 'El dato es demasiado largo.')
  .nullable()
  .optional();
export const billingValidationRequestSchema = z.strictObject({
  billing_name: typed,
  tax_id: typed,
  tax_regime: typed,
  tax_zip_code: typed,
  /** The UsoCFDI the family asks for, when it asks for one (the school chooses otherwise). */
  cfdi_use: typed,
});
export type BillingValidationRequest = z.infer<typeof billingValidationRequestSchema>;

export const BILLING_FIELDS = [
  'billing_name',
  'tax_id',
  'tax_regime',
  'tax_zip_code',
  'cfdi_use',
] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

const fieldMessages = z.partialRecord(z.enum(BILLING_FIELDS), z.string());

/**
 * `valid`: Cuota can invoice the family by name with this data (no `errors`). `warnings` do
 * not stop it (an RFC whose check digit does not match, ADR 0006). `cfdi_uses`: the uses
 * SAT admits for this RFC's person type and régimen, once both are right.
 */
export const billingValidationSchema = z.object({
  guardian_id: z.string(),
  valid: z.boolean(),
  errors: fieldMessages,
  warnings: fieldMessages,
  cfdi_uses: z.array(z.object({ code: z.string(), description: z.string() })),
});
export type BillingValidation = z.infer<typeof billingValidationSchema>;
