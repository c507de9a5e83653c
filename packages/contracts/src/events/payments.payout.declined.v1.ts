import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * The gateway declined a school's payout (ADR 0103): the money stays at the gateway until
 * staff execute it again (another account, say). Cuota's operations hear of it in Slack.
 */
export const payoutDeclinedV1 = defineEvent(
  'payments.payout.declined',
  z.object({
    payout_id: z.string(),
    school_id: z.string(),
    /** The day whose card money it pays out (YYYY-MM-DD). */
    collected_on: z.string(),
    net_centavos: z.number().int(),
    reason: z.string(),
  }),
);
export type PayoutDeclined = z.infer<typeof payoutDeclinedV1.data>;
