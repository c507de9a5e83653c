import { z } from 'zod';
import { onboardingStageSchema } from '@cuota/contracts/enrolment/entities';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A guardian as other domains may keep it: invoicing needs the fiscal fields. */
export const guardianSnapshotSchema = z.object({
  guardian_id: z.string(),
  school_ids: z.array(z.string()),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  /** As the guardian typed it; notifications sends WhatsApp to it (ADR 0075). */
  phone: z.string().nullable().optional(),
  /** Razón social for CFDI; null when the guardian does not invoice. */
  billing_name: z.string().nullable(),
  /** RFC as the guardian typed it; invoicing verifies it. */
  tax_id: z.string().nullable(),
  /** Domicilio fiscal (código postal), CFDI 4.0 DomicilioFiscalReceptor. */
  tax_zip_code: z.string().nullable(),
  /** Régimen fiscal (c_RegimenFiscal 601–626): decides the CFDI's UsoCFDI (D10 or not). */
  tax_regime: z.string().nullable().optional(),
  /** The use of CFDI the family asked for (c_UsoCFDI); invoicing keeps it where SAT admits it. */
  cfdi_use: z.string().nullable().optional(),
  /** The family's portal token (/guardians/{hash}): notifications' links land there (ADR 0084). */
  guardian_hash: z.string().optional(),
  /** How far the guardian's sign-up went: notifications reminds those not COMPLETED. */
  onboarding_stage: onboardingStageSchema.optional(),
});
export type GuardianSnapshot = z.infer<typeof guardianSnapshotSchema>;

export const guardianCreatedV1 = defineEvent('enrolment.guardian.created', guardianSnapshotSchema);
