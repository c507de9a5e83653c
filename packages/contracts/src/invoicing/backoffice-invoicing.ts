import { z } from 'zod';
import { uuidField } from './cancellations';
import { invoiceSchema } from '@cuota/contracts/invoicing/invoices';

/** At most this many invoices named in one massive retry (the whole school's failed: none named). */
export const MASSIVE_RETRY_MAX_IDS = 500;

/**
 * POST /backoffice/massive_invoice_retry/: stamp again the school's failed invoices — all of
 * them, or those named — each rebuilt from today's data (the fix is usually the family's or
 * the school's fiscal data).
 */
export const massiveInvoiceRetrySchema = z.strictObject({
  school_id: uuidField('La escuela (school_id)'),
  invoice_ids: z
    .array(uuidField('Cada factura (invoice_ids)'))
    .min(1, 'Nombra al menos una factura, u omite invoice_ids para reintentar todas.')
    .max(MASSIVE_RETRY_MAX_IDS, `Se reintentan hasta ${MASSIVE_RETRY_MAX_IDS} facturas a la vez.`)
    .optional(),
});
export type MassiveInvoiceRetry = z.infer<typeof massiveInvoiceRetrySchema>;

export const massiveInvoiceRetryResultSchema = z.object({
  /** How many failed invoices went back to `pending`. */
  retried: z.number().int(),
  invoice_ids: z.array(z.string()),
});

/**
 * POST /backoffice/invoicing/re-emit/: issue one invoice again. A stamped income invoice is
 * substituted (motive 01, like `reinvoice`); one that failed is rebuilt and stamped again.
 */
export const reEmitInvoiceSchema = z.strictObject({
  school_id: uuidField('La escuela (school_id)'),
  invoice_id: uuidField('La factura (invoice_id)'),
});

/**
 * POST /backoffice/invoicing/generate/: a payment's own CFDI for the family. What went to
 * público en general (the family's fiscal data was missing or wrong) is issued again in its
 * name now that the data is valid (substitution, motive 01); what failed is stamped again.
 */
export const generateInvoicesSchema = z.strictObject({
  school_id: uuidField('La escuela (school_id)'),
  payin_id: uuidField('El pago (payin_id)'),
});

/** The documents that will now be stamped. */
export const generatedInvoicesSchema = z.object({ results: z.array(invoiceSchema) });
