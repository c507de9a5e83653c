import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * The gateway declined the payout of a refund to a family's bank account (ADR 0110), at its
 * init or by its webhook: nothing left, the money stays the family's credit. Cuota's
 * operations hear of it in Slack, as of a school's declined payout. Once per refund.
 */
export const bankRefundDeclinedV1 = defineEvent(
  'payments.bank_refund.declined',
  z.object({
    reversal_id: z.string(),
    payin_id: z.string(),
    school_id: z.string(),
    amount_centavos: z.number().int(),
    holder_name: z.string(),
    bank_name: z.string().nullable(),
    /** The gateway's reason and what became of the money, in Spanish. */
    reason: z.string(),
  }),
);
export type BankRefundDeclined = z.infer<typeof bankRefundDeclinedV1.data>;
