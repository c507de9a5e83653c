import { z } from 'zod';
import { parseRfc } from '@cuota/contracts/invoicing/rfc';
import {
  educationLevelSchema,
  schoolKindSchema,
  schoolStatusSchema,
  type SchoolStatus,
} from '@cuota/contracts/enrolment/entities';

/**
 * Which status a school may move to from each status (spec §3 lists the values, not the
 * moves). A school is onboarded, then operates; it may pause and resume; it may leave
 * (baja) from anywhere; a school that left comes back through onboarding again.
 */
export const SCHOOL_STATUS_TRANSITIONS: Record<SchoolStatus, readonly SchoolStatus[]> = {
  onboarding: ['operando', 'baja'],
  operando: ['paused', 'baja'],
  paused: ['operando', 'baja'],
  baja: ['onboarding'],
};

export const SCHOOL_STATUS_LABELS: Record<SchoolStatus, string> = {
  operando: 'Operando',
  baja: 'Dada de baja',
  onboarding: 'En incorporación',
  paused: 'En pausa',
};

export function canMoveSchool(from: SchoolStatus, to: SchoolStatus): boolean {
  return from === to || SCHOOL_STATUS_TRANSITIONS[from].includes(to);
}

/** Spec §3 fiscal regime codes (SAT c_RegimenFiscal): 601 to 630. */
export const taxRegimeSchema = z
  .string()
  .trim()
  .regex(/^6(0[1-9]|[12]\d|30)$/, 'El régimen fiscal debe ser un código entre 601 y 630.');

export const taxZipCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos.');

/** The school's own RFC: well formed (shape and date); stored normalised. */
export const schoolRfcSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parsed = parseRfc(value);
    if (!parsed || parsed.generic) {
      ctx.addIssue({ code: 'custom', message: 'El RFC no tiene un formato válido.' });
      return z.NEVER;
    }
    return parsed.rfc;
  });

/** "" from a cleared form field means "remove it". */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable()).optional();

/** Multipart fields are strings: "true"/"false" (and "on" from a checkbox) are booleans. */
const formBoolean = z.preprocess((v) => {
  if (v === 'true' || v === 'on' || v === '1') return true;
  if (v === 'false' || v === 'off' || v === '0') return false;
  return v;
}, z.boolean('Indica sí o no.'));

/**
 * PATCH /api/v1/dashboard/schools/{id}/ (multipart form data, or JSON without a logo):
 * the school's own data as staff edit it. Only the fields sent change.
 */
export const updateSchoolSchema = z.strictObject({
  name: z.string().trim().min(2, 'Escribe el nombre de la escuela.').max(150).optional(),
  legal_name: clearable(z.string().trim().min(2, 'Escribe la razón social.').max(254)),
  tax_id: clearable(schoolRfcSchema),
  tax_regime: clearable(taxRegimeSchema),
  tax_zip_code: clearable(taxZipCodeSchema),
  contact_email: clearable(z.email('Escribe un correo electrónico válido.').max(254)),
  contact_phone: clearable(
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{10,20}$/, 'Escribe un teléfono de 10 dígitos (puede llevar lada).'),
  ),
  address: clearable(z.string().trim().max(300, 'La dirección es demasiado larga.')),
  /** The school's own privacy notice (plain text); null brings back the default one. */
  privacy_notice: clearable(
    z
      .string()
      .trim()
      .min(200, 'El aviso de privacidad es demasiado corto.')
      .max(20_000, 'El aviso de privacidad es demasiado largo.'),
  ),
  use_kushki_sandbox: formBoolean.optional(),
});
export type UpdateSchool = z.infer<typeof updateSchoolSchema>;

/**
 * A name under which payments keeps the gateway secret (e.g. `kushki/colegio-demo`): never
 * the secret itself, so it must not look like a key.
 */
export const gatewayCredentialsRefSchema = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9._/-]{2,99}$/,
    'La referencia de credenciales es un nombre (minúsculas, números, "/", "-", "_"), no la llave.',
  );

/**
 * PUT /backoffice/school_configs/{id}/: the school's configuration (kind, status, dashboard
 * config, gateway credentials reference). A PUT: every field is sent.
 */
export const schoolConfigSchema = z.strictObject({
  kind: schoolKindSchema,
  status: schoolStatusSchema,
  config_dashboard: z.strictObject({ use_kushki_sandbox: z.boolean('Indica sí o no.') }),
  gateway_credentials_ref: gatewayCredentialsRefSchema.nullable(),
});
export type SchoolConfig = z.infer<typeof schoolConfigSchema>;

/** School logos: small raster images, checked by their bytes, not the declared type. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** GET /api/v1/schools/{id}/ (and the answer of both school updates). */
export const schoolDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: schoolKindSchema,
  status: schoolStatusSchema,
  config_dashboard: z.object({ use_kushki_sandbox: z.boolean() }),
  /** Only the reference payments resolves; the secret never leaves payments. */
  gateway_credentials: z.object({ reference: z.string().nullable() }),
  legal_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  tax_regime: z.string().nullable(),
  tax_zip_code: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  /** Path of the logo image through the BFF (changes when the logo changes), or null. */
  logo_url: z.string().nullable(),
  levels: z.array(z.object({ id: z.string(), level: educationLevelSchema, name: z.string() })),
});
export type SchoolDetail = z.infer<typeof schoolDetailSchema>;

/**
 * GET /api/v1/schools/{id}/public/: what anyone may know of a school that takes sign-ups —
 * what its store shows (name, logo) and what its privacy notice names (who is responsible,
 * where to reach them).
 */
export const schoolPublicFaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  legal_name: z.string().nullable(),
  address: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** The school's own notice, or null: the store shows the default text. */
  privacy_notice: z.string().nullable(),
});
export type SchoolPublicFace = z.infer<typeof schoolPublicFaceSchema>;

/** GET /api/v1/dashboard/schools/{id}/attributes/: the school's feature flags. */
export const schoolAttributesSchema = z.array(z.object({ name: z.string(), enabled: z.boolean() }));
export type SchoolAttributes = z.infer<typeof schoolAttributesSchema>;
