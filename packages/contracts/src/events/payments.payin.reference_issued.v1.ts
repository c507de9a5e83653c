import { z } from 'zod';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/**
 * A family's SPEI reference or cash voucher was opened at the gateway (ADR 0089): the exact
 * amount to pay, the reference (the voucher's pin), the CLABE for SPEI and until when it is
 * good. Notifications sends it to the family (ADR 0103). Once per payin.
 */
export const payinReferenceIssuedV1 = defineEvent(
  'payments.payin.reference_issued',
  z.object({
    payin_id: z.string(),
    school_id: z.string(),
    guardian_id: z.string().nullable(),
    method: z.enum(['transfer', 'cash']),
    amount_centavos: z.number().int(),
    reference: z.string(),
    /** Where a SPEI is sent; null for a cash voucher. */
    clabe: z.string().nullable(),
    expires_at: z.string(),
  }),
);
export type PayinReferenceIssued = z.infer<typeof payinReferenceIssuedV1.data>;
