import { globalPeriodicitySchema } from './global-invoice';
import { z } from 'zod';
import { requestStatusSchema, type RequestStatus } from '@cuota/contracts/payments/payins';

/** The request statuses (spec §4) an invoice goes through, in the order it may reach them. */
export const INVOICE_STATUSES = [
  'pending',
  'success',
  'failed',
  'canceling',
  'canceled',
] as const satisfies readonly RequestStatus[];

/**
 * Why an invoice did not stamp: `pac` the PAC refused it by SAT's rules (CFDI40xxx), `checks`
 * Cuota's own checks stopped it before the PAC (no CSD, a student's CURP…).
 */
export const invoiceErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  source: z.enum(['pac', 'checks']),
});
export type InvoiceError = z.infer<typeof invoiceErrorSchema>;

/**
 * Which of a payment's two CFDI per student (ADR 0037): `tuition` only the colegiaturas (the
 * deductible amount, IEDU), `other` the late fees and every other concept.
 */
export const INVOICE_PARTS = ['tuition', 'other'] as const;
export const invoicePartSchema = z.enum(INVOICE_PARTS);
export type InvoicePart = z.infer<typeof invoicePartSchema>;

/**
 * Spec §3's document types, an income CFDI (I) or a credit note (E) on one, and the CFDI de
 * pago (P, Pagos 2.0) of each payment of a PPD invoice, and the global invoice (I, público en
 * general, InformacionGlobal) of a period's payments of families without fiscal data.
 */
export const invoiceDocumentSchema = z.enum(['invoice', 'credit_note', 'payment', 'global']);
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/**
 * A público-en-general payment's place in its entity's global invoice (ADR 0042): `held`
 * until its period closes, `collected` into one, `released` to be stamped on its own.
 */
export const globalStateSchema = z.enum(['held', 'collected', 'released']);
export type GlobalState = z.infer<typeof globalStateSchema>;

/** An invoice (CFDI 4.0) as staff and families see it. */
export const invoiceSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  document: invoiceDocumentSchema,
  /** A credit note's is its income invoice's. */
  part: invoicePartSchema,
  /** A credit note's income invoice, a CFDI de pago's PPD invoice. */
  related_invoice_id: z.string().nullable(),
  /**
   * That invoice's serie-folio («A-3»), so the rows of one CFDI de pago paying several PPD
   * invoices each say which they pay (ADR 0051); answered by the school's list.
   */
  related_folio: z.string().nullable().optional(),
  /** The invoice this one substitutes (TipoRelacion 04, `reinvoice`). */
  replaces_invoice_id: z.string().nullable(),
  status: requestStatusSchema,
  /** Folio fiscal, once stamped. */
  uuid: z.string().nullable(),
  /** Serie and folio, once the CFDI is built (null while waiting for the school's CSD). */
  series: z.string().nullable(),
  folio: z.string().nullable(),
  /** A CFDI de pago's is the amount it pays on its PPD invoice. */
  total_centavos: z.number().int(),
  /** A CFDI de pago's NumParcialidad (1 for the first payment of its PPD invoice). */
  installment: z.number().int().nullable(),
  receptor_rfc: z.string(),
  receptor_name: z.string(),
  /** Why the receptor is público en general (e.g. no régimen fiscal), for staff to fix it. */
  receptor_note: z.string().nullable(),
  /** The payment (or credit application) it invoices, the student and the orders it covers. */
  source_id: z.string(),
  student_id: z.string(),
  order_ids: z.array(z.string()),
  error: invoiceErrorSchema.nullable(),
  /** Why a stamped invoice still stands after a cancellation was asked (receptor, SAT). */
  cancellation_note: z.string().nullable(),
  /** A credit note's reason: what staff wrote in Facturas, or the refund's (ADR 0058). */
  credit_reason: z.string().nullable(),
  /** A global invoice's period (ADR 0042): SAT's periodicity and its first and last day. */
  global_period: z
    .object({ periodicity: globalPeriodicitySchema, from: z.string(), to: z.string() })
    .nullable(),
  global_state: globalStateSchema.nullable(),
  created_at: z.string(),
  stamped_at: z.string().nullable(),
  /**
   * What a credit note may still give back of a stamped income invoice: its total less its
   * live credit notes and, on a PPD invoice, less what its CFDI de pago received (ADR 0051,
   * 0073); null for any other. Answered by the school's list, so Facturas shows it first.
   */
  creditable_centavos: z.number().int().nullable().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  status: requestStatusSchema.optional(),
  search: z.string().trim().max(80).optional(),
});

/** GET …/invoices/zip/: the list's filters; every stamped invoice they match goes in. */
export const invoiceZipQuerySchema = invoiceListQuerySchema.pick({ status: true, search: true });

/** How many invoices one ZIP holds (each PDF is drawn on the request). */
export const INVOICE_ZIP_MAX = 100;

const invoiceLinksSchema = z.object({
  /** An income invoice, a credit note on one (money given back) or a CFDI de pago. */
  document: invoiceDocumentSchema,
  part: invoicePartSchema,
  status: requestStatusSchema,
  invoice_id: z.string().nullable(),
  /** A CFDI de pago's NumParcialidad; null for the others. */
  installment: z.number().int().nullable(),
  uuid: z.string().nullable(),
  /** Paths on the portal host, e.g. /api/v1/invoices/{id}/xml/ (null until stamped). */
  xml_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  /** Why it failed, in Spanish (spec §5's postal-code message among them). */
  error: invoiceErrorSchema.nullable(),
  /** Waiting for (or inside) the school's global invoice, not stamped on its own (ADR 0042). */
  global_state: globalStateSchema.nullable(),
});

/**
 * GET /api/v1/students/{student}/orders/{order}/invoice_urls/: the order's invoice
 * (`not_requested` when none yet). An order paid in parts has one invoice per payment:
 * `multiple`, the top-level links of the newest stamped income invoice, and each (credit
 * notes too) in `invoices`.
 */
export const invoiceUrlsSchema = invoiceLinksSchema.extend({
  part: invoicePartSchema.nullable(),
  invoices: z.array(invoiceLinksSchema),
});
export type InvoiceUrls = z.infer<typeof invoiceUrlsSchema>;

/** Where to e-mail an invoice: the address typed, else its billing guardian's. */
export const sendInvoiceEmailSchema = z.strictObject({
  email: z.email('Escribe un correo electrónico válido.').max(254).optional(),
});
export const sentInvoiceEmailSchema = z.object({ sent_to: z.string() });

/**
 * Staff's credit note (ADR 0051, 0058): for `amount_centavos` of what the invoice still owes,
 * or, without it (no body at all too), for all of it; `reason` is kept beside the note. The
 * service refuses more than is owed. A note for part needs an `Idempotency-Key`: the key, not
 * the amount, tells a retry from a second note.
 */
export const creditNoteRequestSchema = z.strictObject({
  amount_centavos: z
    .number({ error: 'El importe de la nota de crédito debe ser un número de centavos.' })
    .int('El importe de la nota de crédito debe ser un número entero de centavos.')
    .positive('El importe de la nota de crédito debe ser mayor que cero.')
    .max(Number.MAX_SAFE_INTEGER, 'El importe de la nota de crédito es demasiado grande.')
    .optional(),
  reason: z
    .string({ error: 'El motivo debe ser texto.' })
    .trim()
    .max(300, 'El motivo admite hasta 300 caracteres.')
    .optional(),
});
export type CreditNoteRequest = z.infer<typeof creditNoteRequestSchema>;

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** The service's refusal of a note above what is left, and Facturas' before it asks. */
export const creditNoteOverBalance = (roomCentavos: number) =>
  `El importe de la nota de crédito no puede ser mayor que lo que queda por acreditar de la factura: ${mxn.format(roomCentavos / 100)}.`;

/** How many of a payment's invoices were e-mailed, and to whom. */
export const sentPayinInvoicesSchema = z.object({
  sent: z.number().int(),
  sent_to: z.array(z.string()),
});
