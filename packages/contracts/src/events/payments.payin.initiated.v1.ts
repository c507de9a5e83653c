import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A card payment is on its way for these orders: billing shows them WAITING_PAID. */
export const payinInitiatedV1 = defineEvent(
  'payments.payin.initiated',
  z.object({ payin_id: z.string(), school_id: z.string(), order_ids: z.array(z.string()) }),
);
