/**
 * What was paid, as the invoicing service knows it: the input of buildComprobante.
 * Amounts are integer centavos as the family paid them (prices to families include IVA).
 */
import { z } from '@cuota/contracts/common/spanish-messages';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { REGIMEN_FISCAL_CODES } from './sat-catalogs.ts';

import { conceptTypeSchema } from '@cuota/contracts/billing/concepts';

/** Spec payment methods a received payment can have (to_define is not a payment). */
export const PAID_METHODS = ['cash', 'transfer', 'credit_card', 'debit_card'] as const;
export const paidMethodSchema = z.enum(PAID_METHODS);
export type PaidMethod = z.infer<typeof paidMethodSchema>;

/** Up to a hundred thousand million pesos: far beyond any school, safe for integer maths. */
export const MAX_LINE_CENTAVOS = 10_000_000_000_000;

const noPipe = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^|]+$/, 'No puede contener el carácter |.');

export const studentSchema = z.object({
  fullName: z.string().trim().min(1, 'Falta el nombre del alumno.'),
  /** Needed for the IEDU complement of a colegiatura; checked there. */
  curp: z.string().trim().toUpperCase().optional(),
  level: educationLevelSchema,
  /** RFC of the student's billing guardian: IEDU's rfcPago is set when someone else pays. */
  billingGuardianRfc: z.string().trim().toUpperCase().optional(),
});
export type InvoiceStudent = z.infer<typeof studentSchema>;

export const invoiceLineSchema = z.object({
  description: z.string().trim().min(1, 'Cada concepto necesita una descripción.'),
  conceptType: conceptTypeSchema,
  quantity: z.int().min(1).max(100_000).default(1),
  /** What the family paid for the whole line (quantity × unit price), IVA included. */
  amountCentavos: z
    .int()
    .min(1, 'El importe de un concepto debe ser mayor a cero.')
    .max(MAX_LINE_CENTAVOS),
  /** Required for tuition, inscription and reinscription (the level decides RVOE and IEDU). */
  student: studentSchema.optional(),
  /**
   * A late fee charged on this concept: its keys and IVA treatment, but never IEDU — the
   * recargo is not payment for teaching, so the family cannot deduct it (ADR 0037).
   */
  lateFee: z.boolean().default(false),
  /**
   * A store line's own IVA, which its item sets rather than the concept type (ADR 0083):
   * uniforms 16 %, books 0 % (LIVA art. 2-A), goods the law exempts. Absent: the profile's.
   */
  iva: z.enum(['tasa16', 'tasa0', 'exento']).optional(),
  /** A store item's own ClaveProdServ (ADR 0092); absent: the concept type's. */
  claveProdServ: z
    .string()
    .regex(/^\d{8}$/, 'La ClaveProdServ tiene 8 dígitos.')
    .optional(),
});
export type InvoiceLine = z.input<typeof invoiceLineSchema>;

export const issuerSchema = z.object({
  rfc: z.string().trim().toUpperCase(),
  /** Razón social as on the Constancia de Situación Fiscal, without "S.C." / "A.C.". */
  legalName: z.string().trim().min(1),
  regimenFiscal: z.enum(REGIMEN_FISCAL_CODES),
  /** LugarExpedicion: the CP of the school (matriz or sucursal) that issues. */
  postalCode: z.string().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos.'),
  /** autRVOE (or clave de centro de trabajo) per level; a level without one is not exempt. */
  rvoe: z.partialRecord(educationLevelSchema, z.string().trim().min(1)).default({}),
  /** Fecha is local time where the invoice is issued; border schools may differ. */
  timeZone: z.string().default('America/Mexico_City'),
});

/**
 * The guardian's fiscal data as they gave it. Nothing here is required: incomplete or
 * invalid data makes the invoice go to "público en general" (resolveReceptor).
 */
export const receptorSchema = z.object({
  rfc: z.string().nullish(),
  name: z.string().nullish(),
  postalCode: z.string().nullish(),
  regimenFiscal: z.string().nullish(),
  /** The use the guardian asked for; kept only when SAT allows it (chooseUsoCfdi). */
  usoCfdi: z.string().nullish(),
});
export type ReceptorInput = z.infer<typeof receptorSchema>;

export const paymentSchema = z.object({
  method: paidMethodSchema,
  paidAt: z.date(),
  /** RFC of whoever actually paid, when known and different from the receptor. */
  payerRfc: z.string().trim().toUpperCase().optional(),
});

const satUuid = z
  .string()
  .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, 'UUID inválido.');

export const invoiceInputSchema = z.object({
  issuer: issuerSchema,
  receptor: receptorSchema.nullish(),
  payment: paymentSchema,
  series: noPipe(25).optional(),
  folio: noPipe(40).optional(),
  /** The moment the invoice is issued (its Fecha); the PAC wants it within 72 hours. */
  issuedAt: z.date(),
  /**
   * A credit note (TipoDeComprobante E, TipoRelacion 01) for money given back on this
   * stamped income CFDI; absent for an income invoice. `payment` is then the refund.
   */
  creditNoteFor: satUuid.optional(),
  /**
   * The stamped CFDI this one substitutes (TipoRelacion 04): the same operation re-issued
   * with corrected data, before SAT cancels the old one with motive 01.
   */
  substitutes: satUuid.optional(),
  /**
   * Invoiced before it is paid (PPD, FormaPago 99 "por definir"): each later payment gets a
   * CFDI de pago (build-payment-comprobante.ts). `payment.paidAt` is then when it was billed.
   */
  deferred: z.boolean().default(false),
  /**
   * A credit note of a PPD invoice: nothing was paid "as" anything, the egreso is set off
   * against what the family owes on it, so FormaPago is 17 Compensación (ADR 0037, [C]).
   */
  againstBalance: z.boolean().default(false),
  lines: z.array(invoiceLineSchema).min(1, 'La factura necesita al menos un concepto.').max(500),
});
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type ParsedInvoiceInput = z.output<typeof invoiceInputSchema>;
