import { z } from 'zod';
import { defineRequest } from '@cuota/contracts/common/request-definition';
import {
  optionalOrderSchema,
  stockCheckSchema,
  stockLinesSchema,
} from '@cuota/contracts/billing/store';

/**
 * The store's checkout asks billing over NATS (ADR 0063): reserve the lines as a pending
 * optional order (priced by billing, stock held until `hold_until`), then commit it when the
 * payment is confirmed or release it when the payment fails. Each step is idempotent:
 * the same `checkout_ref` reserves once; committing or releasing twice changes nothing.
 */
export const reserveStockRequest = defineRequest(
  'billing.store.reserve',
  z.object({
    school_id: z.uuid(),
    /** The checkout's own id: a retried reserve answers the same order. */
    checkout_ref: z.string().min(8).max(128),
    guardian_id: z.uuid().nullable(),
    student_id: z.uuid().nullable(),
    buyer_email: z.email().nullable(),
    /** A guest's admissions lead (the store's sign-up), so the school sees who bought. */
    lead_id: z.uuid().nullable().optional(),
    lines: stockLinesSchema,
    /**
     * How long the stock is held for the payment (default 15 minutes; a SPEI reference's or
     * cash voucher's lifetime and a day more, ADR 0106).
     */
    hold_seconds: z
      .number()
      .int()
      .min(30)
      .max(7 * 86_400)
      .optional(),
  }),
  z.discriminatedUnion('reserved', [
    z.object({ reserved: z.literal(true), order: optionalOrderSchema }),
    /** Some line cannot be sold: nothing was held. */
    z.object({ reserved: z.literal(false), check: stockCheckSchema }),
  ]),
);

const settleReply = z.discriminatedUnion('settled', [
  z.object({ settled: z.literal(true), order: optionalOrderSchema }),
  /** Unknown order, or the stock is gone (committing after the hold ran out and sold). */
  z.object({ settled: z.literal(false), message: z.string() }),
]);
const orderRef = z.object({ school_id: z.uuid(), order_id: z.uuid() });

/** The payment is confirmed: the held stock leaves the count (EXTERNAL SUBTRACT). */
export const commitStockRequest = defineRequest('billing.store.commit', orderRef, settleReply);
/** The payment failed or was abandoned: the held stock is sellable again. */
export const releaseStockRequest = defineRequest('billing.store.release', orderRef, settleReply);
