import { z } from 'zod';
import { taxRegimeSchema } from '@cuota/contracts/enrolment/schools';
import { parseRfc } from '@cuota/contracts/invoicing/rfc';
import { pageQuerySchema, pageSchema } from '@cuota/contracts/common/pagination';
import { FAMILY_CFDI_USES } from '../invoicing/fiscal-catalogs';
import {
  onboardingStageSchema,
  riskLevelSchema,
  schoolSummarySchema,
} from '@cuota/contracts/enrolment/entities';

const name = z.string().trim().min(1, 'Escribe el nombre.').max(100, 'Máximo 100 caracteres.');

/** RFC as SAT shapes it (física or moral, real date); stored normalised (upper case, no dashes). */
export const rfcSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parsed = parseRfc(value);
    if (parsed) return parsed.rfc;
    ctx.addIssue({
      code: 'custom',
      message: 'El RFC no tiene un formato válido (ej. GOML850101ABA o ABC850101AB7).',
    });
    return z.NEVER;
  });

/** Código postal of the domicilio fiscal (CFDI 4.0): five digits. */
export const taxZipCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos.');

const guardianFields = {
  first_name: name,
  last_name: name,
  email: z.email('Escribe un correo válido.').nullable(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{10,20}$/, 'Escribe un teléfono de 10 dígitos.')
    .nullable(),
  billing_name: z.string().trim().min(1, 'Escribe la razón social.').max(300).nullable(),
  tax_id: rfcSchema.nullable(),
  tax_zip_code: taxZipCodeSchema.nullable(),
  /** Régimen fiscal of the CFDI receptor; absent leaves it as it is. */
  tax_regime: taxRegimeSchema.nullable().optional(),
  /** The use of CFDI the family asks for (c_UsoCFDI); absent leaves it as it is. */
  cfdi_use: z
    .enum(FAMILY_CFDI_USES, { error: 'Elige un uso del CFDI de la lista.' })
    .nullable()
    .optional(),
};

/** PUT /api/v1/guardians/{id}/: contact and billing data (the guardian or their school's staff). */
export const replaceGuardianSchema = z.strictObject(guardianFields);
/**
 * PATCH /api/v1/guardians/{id}/: any subset, and the registration step the guardian moves on
 * to (spec §2 onboarding; forward only, each step left with what it asks for).
 */
export const patchGuardianSchema = replaceGuardianSchema
  .partial()
  .extend({ onboarding_stage: onboardingStageSchema.optional() });
export type GuardianChanges = z.infer<typeof patchGuardianSchema>;

/** GET/PUT/PATCH /api/v1/guardians/{id}/ answer. */
export const guardianDetailSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  guardian_hash: z.string(),
  onboarding_stage: onboardingStageSchema,
  fraud_status: riskLevelSchema,
  billing_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  tax_zip_code: z.string().nullable(),
  tax_regime: z.string().nullable(),
  cfdi_use: z.string().nullable(),
  schools: z.array(schoolSummarySchema),
});
export type GuardianDetail = z.infer<typeof guardianDetailSchema>;

/** PATCH /api/v1/guardians/assign_billing/: the student's invoices go to this guardian. */
export const assignBillingSchema = z.strictObject({
  student_id: z.uuid('Elige un alumno válido.'),
  guardian_id: z.uuid('Elige un tutor válido.'),
});
export type AssignBilling = z.infer<typeof assignBillingSchema>;

/** PATCH /api/v1/guardians/assign_billings/: many at once, all or nothing. */
export const assignBillingsSchema = z.strictObject({
  assignments: z
    .array(assignBillingSchema)
    .min(1, 'Envía al menos una asignación.')
    .max(500, 'Envía como máximo 500 asignaciones a la vez.'),
});

export const assignBillingResultSchema = z.object({
  student_id: z.string(),
  billing_guardian_id: z.string(),
});

/** GET /api/v1/dashboard/schools/{id}/guardians/ and /api/v1/dashboard/guardians/. */
export const guardianListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100, 'La búsqueda es demasiado larga.').optional(),
});
export const dashboardGuardiansQuerySchema = guardianListQuerySchema.extend({
  school_id: z.uuid('Elige una escuela válida.'),
});

export const guardianRowSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  billing_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  students_count: z.number().int(),
});
export type GuardianRow = z.infer<typeof guardianRowSchema>;
export const guardianPageSchema = pageSchema(guardianRowSchema);

/** GET …/guardians/{guardian}/portal_url/: the guardian's personal portal link. */
export const guardianPortalUrlSchema = z.object({
  guardian_id: z.string(),
  portal_path: z.string(),
  portal_url: z.string(),
});
export type GuardianPortalUrl = z.infer<typeof guardianPortalUrlSchema>;
export const guardianPortalPath = (guardianHash: string) => `/guardians/${guardianHash}`;

/** POST /api/v4/dashboard/trigger-save-action/guardians/{id}/ (202): the event on its way. */
export const guardianRepublishedSchema = z.object({
  guardian_id: z.string(),
  published: z.literal('enrolment.guardian.updated'),
});

/** The assign_billing(s) answer: each student with the billing guardian it now has. */
export const assignBillingResultListSchema = z.array(assignBillingResultSchema);
