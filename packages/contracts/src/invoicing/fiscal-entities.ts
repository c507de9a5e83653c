import { z } from 'zod';
import {
  EDUCATION_LEVELS,
  educationLevelSchema,
  type EducationLevel,
} from '@cuota/contracts/enrolment/entities';
import { publicoEnGeneralModeSchema } from './global-invoice';
import {
  schoolRfcSchema,
  taxRegimeSchema,
  taxZipCodeSchema,
} from '@cuota/contracts/enrolment/schools';

/** A CSD about to expire is announced this many days before (ADR 0037 "fiscal setup"). */
export const CSD_WARNING_DAYS = 30;
/** A .cer or .key SAT issues weighs about 2 KB; anything far larger is not one. */
export const CSD_FILE_MAX_BYTES = 32 * 1024;

/**
 * When an entity's students' orders are invoiced (ADR 0037 "PPD and Pagos 2.0"): `payment`
 * (PUE when the money arrives, the default) or `billing` (PPD when billed, and a CFDI de
 * pago for each payment).
 */
export const INVOICE_TIMINGS = ['payment', 'billing'] as const;
export const invoiceTimingSchema = z.enum(
  INVOICE_TIMINGS,
  'Elige cuándo facturar: al recibir el pago o al emitir el cargo.',
);
export type InvoiceTiming = z.infer<typeof invoiceTimingSchema>;

/** How the dashboard names each timing, and what it means for the school and the families. */
export const INVOICE_TIMING_TEXT: Record<InvoiceTiming, { label: string; explanation: string }> = {
  payment: {
    label: 'Al cobrar',
    explanation:
      'Cada pago se factura cuando llega el dinero (método PUE, con la forma de pago real). ' +
      'La familia recibe una factura por pago.',
  },
  billing: {
    label: 'Al emitir el cargo (PPD)',
    explanation:
      'Cada cargo se factura al emitirse, antes de pagarse (método PPD, forma de pago 99 ' +
      '«Por definir»), y cada pago recibe además su complemento de pago con la parcialidad y ' +
      'el saldo. La familia recibe más documentos.',
  },
};

/** `valid`, `expiring` (within CSD_WARNING_DAYS) or `expired`: the school cannot invoice. */
export const csdStateSchema = z.enum(['valid', 'expiring', 'expired']);
export type CsdState = z.infer<typeof csdStateSchema>;

/** The certificate's public facts; the key and its password never leave invoicing. */
export const csdSchema = z.object({
  no_certificado: z.string(),
  valid_to: z.string(),
  state: csdStateSchema,
  /** Whole days until it expires (negative once expired). */
  days_left: z.number().int(),
});
export type CsdSummary = z.infer<typeof csdSchema>;

/**
 * A razón social the school invoices under (a school may have several, e.g. one per level):
 * its CFDI emisor data, series and next folio, the levels it invoices and its CSD.
 */
export const fiscalEntitySchema = z.object({
  id: z.string(),
  school_id: z.string(),
  rfc: z.string(),
  legal_name: z.string(),
  regimen_fiscal: z.string(),
  postal_code: z.string(),
  series: z.string(),
  next_folio: z.number().int(),
  /** The levels whose students it invoices; empty: every level no other entity names. */
  levels: z.array(educationLevelSchema),
  rvoe: z.partialRecord(educationLevelSchema, z.string()),
  invoice_timing: invoiceTimingSchema,
  /** Payments of families without valid fiscal data: one CFDI each or a global one (ADR 0042). */
  publico_en_general: publicoEnGeneralModeSchema,
  csd: csdSchema,
});
export type FiscalEntity = z.infer<typeof fiscalEntitySchema>;

export const fiscalEntityListSchema = z.object({ results: z.array(fiscalEntitySchema) });

/** Checkboxes arrive as one string, repeated fields as several: always a list. */
const formList = z.preprocess(
  (v) =>
    v === undefined || v === ''
      ? []
      : (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()),
  z.array(educationLevelSchema, 'Elige niveles educativos válidos.'),
);

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(60, 'El RVOE es demasiado largo.').optional(),
);

/** One `rvoe_<level>` field per education level (autRVOE; empty: the level has none). */
const rvoeFields = Object.fromEntries(
  EDUCATION_LEVELS.map((level) => [`rvoe_${level}`, optionalText]),
) as Record<`rvoe_${EducationLevel}`, typeof optionalText>;

/**
 * POST /api/v1/dashboard/schools/{id}/fiscal_entities/ (multipart/form-data): the text
 * fields below plus the CSD's `cer` and `key` files. The same RFC again replaces that
 * entity's data and CSD (a renewed CSD) and keeps its folios.
 */
export const fiscalEntityFormSchema = z.strictObject({
  rfc: schoolRfcSchema,
  legal_name: z.string().trim().min(2, 'Escribe la razón social.').max(254),
  regimen_fiscal: taxRegimeSchema,
  postal_code: taxZipCodeSchema,
  series: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, 'La serie lleva de 1 a 10 letras o números.'),
  levels: formList,
  /** Absent: a new entity invoices at payment, a renewed one keeps its choice. */
  invoice_timing: invoiceTimingSchema.optional(),
  /** Absent: a new entity stamps one CFDI per payment, a renewed one keeps its choice. */
  publico_en_general: publicoEnGeneralModeSchema.optional(),
  password: z.string().min(1, 'Escribe la contraseña de la llave privada del CSD.').max(200),
  ...rvoeFields,
});
export type FiscalEntityForm = z.infer<typeof fiscalEntityFormSchema>;

/** The backoffice lists, by school (`?school_id=`). */
export const fiscalEntitiesQuerySchema = z.object({
  school_id: z.uuid('Elige una escuela válida.'),
});

/** GET /backoffice/csd/: each entity's certificate. */
export const csdListSchema = z.object({
  results: z.array(
    csdSchema.extend({ fiscal_entity_id: z.string(), rfc: z.string(), legal_name: z.string() }),
  ),
});
