import { z } from 'zod';
import { requestStatusSchema } from '../payments/payins';

/** An invoice (CFDI 4.0) as staff and families see it. */
export const invoiceSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  status: requestStatusSchema,
  /** Folio fiscal, once stamped. */
  uuid: z.string().nullable(),
  series: z.string(),
  folio: z.string(),
  total_centavos: z.number().int(),
  receptor_rfc: z.string(),
  receptor_name: z.string(),
  /** The payment (or credit application) it invoices, and the orders it covers. */
  source_id: z.string(),
  order_ids: z.array(z.string()),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  stamped_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  status: requestStatusSchema.optional(),
  search: z.string().trim().max(80).optional(),
});

/** GET /api/v1/students/{student}/orders/{order}/invoice_urls/. */
export const invoiceUrlsSchema = z.object({
  status: requestStatusSchema,
  invoice_id: z.string().nullable(),
  uuid: z.string().nullable(),
  xml_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  /** Why it failed, in Spanish (spec §5's postal-code message among them). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type InvoiceUrls = z.infer<typeof invoiceUrlsSchema>;
