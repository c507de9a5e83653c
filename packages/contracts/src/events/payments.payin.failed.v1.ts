import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A card payment was declined or abandoned: billing restores the orders' status. */
export const payinFailedV1 = defineEvent(
  'payments.payin.failed',
  z.object({
    payin_id: z.string(),
    school_id: z.string(),
    order_ids: z.array(z.string()),
    code: z.string(),
    message: z.string(),
  }),
);
