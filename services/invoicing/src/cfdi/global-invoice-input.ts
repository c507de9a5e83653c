/**
 * The input of a global invoice (público en general): the school, the period and every
 * ticket — a payment of a family without valid fiscal data — collected in it. Amounts are
 * integer centavos as paid, IVA included, like InvoiceInput's.
 */
import { z } from '@cuota/contracts/common/spanish-messages';
import { globalPeriodicitySchema } from '@cuota/contracts/invoicing/global-invoice';
import { invoiceLineSchema, issuerSchema, paidMethodSchema } from './invoice-input.ts';

export const globalTicketSchema = z.object({
  /** NoIdentificacion: the payment's number, so SAT and the school can trace each concept. */
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^|]+$/, 'No puede contener el carácter |.'),
  paidAt: z.date(),
  method: paidMethodSchema,
  lines: z.array(invoiceLineSchema).min(1).max(500),
});
export type GlobalTicket = z.input<typeof globalTicketSchema>;

export const globalInvoiceInputSchema = z.object({
  issuer: issuerSchema,
  periodicity: globalPeriodicitySchema,
  /** Any local day of the period (YYYY-MM-DD); the period is derived from it. */
  day: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Fecha inválida.'),
  series: z.string().trim().min(1).max(25).optional(),
  folio: z.string().trim().min(1).max(40).optional(),
  issuedAt: z.date(),
  tickets: z.array(globalTicketSchema).min(1, 'La factura global necesita al menos un pago.'),
  /** The stamped global this one re-issues without some payments (TipoRelacion 04, ADR 0050). */
  substitutes: z.uuid().optional(),
});
export type GlobalInvoiceInput = z.input<typeof globalInvoiceInputSchema>;
export type ParsedGlobalInvoiceInput = z.output<typeof globalInvoiceInputSchema>;
