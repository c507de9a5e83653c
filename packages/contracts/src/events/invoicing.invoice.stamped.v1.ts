import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A CFDI was stamped by the PAC (a failed stamp is invoicing.invoice.failed). */
export const invoiceStampedV1 = defineEvent(
  'invoicing.invoice.stamped',
  z.object({
    invoice_id: z.string(),
    school_id: z.string(),
    source_id: z.string(),
    order_ids: z.array(z.string()),
    uuid: z.string(),
    total_centavos: z.number().int(),
  }),
);
