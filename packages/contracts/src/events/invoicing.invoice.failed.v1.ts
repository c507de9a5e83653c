import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * A CFDI was not issued: the PAC refused it or invoicing's own checks did (ADR 0103). Staff
 * correct the data and ask again from Facturas; Cuota's operations hear of it in Slack.
 */
export const invoiceFailedV1 = defineEvent(
  'invoicing.invoice.failed',
  z.object({
    invoice_id: z.string(),
    school_id: z.string(),
    document: z.string(),
    total_centavos: z.number().int(),
    error_code: z.string(),
    error_message: z.string(),
    /** Who refused it: `pac` (SAT's rules) or `checks` (before sending it). */
    error_source: z.string(),
  }),
);
export type InvoiceFailed = z.infer<typeof invoiceFailedV1.data>;
