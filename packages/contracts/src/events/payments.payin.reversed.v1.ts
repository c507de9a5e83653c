import { z } from 'zod';
import { allocationSchema } from '@cuota/contracts/payments/payins';
import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { storeSaleSchema } from '@cuota/contracts/payments/store-checkout';

/**
 * Money a payin brought was given back or undone, whole or in part: a desk payin voided, a
 * card payment voided the same day or refunded later. The ledger has posted the reversal.
 * Billing reopens the allocations' orders by what they carry; invoicing cancels the payin's
 * CFDI (a whole reversal in the month it was stamped, Mexico City time) or issues a credit
 * note for the reversed allocations (ADR 0037).
 * Exactly one event per reversal (`reversal_id`), whatever the retries.
 */
export const payinReversedSchema = z.object({
  reversal_id: z.string(),
  payin_id: z.string(),
  school_id: z.string(),
  kind: z.enum(['void', 'refund']),
  /** Every centavo of the payin is reversed (its CFDI may be cancelled instead of credited). */
  whole: z.boolean(),
  amount_centavos: z.number().int().positive(),
  /** What each order loses; empty when only unallocated credit was reversed. */
  allocations: z.array(allocationSchema),
  /** Credit balance the reversal took back (the part of the payin no order holds). */
  credit_reversed_centavos: z.number().int().nonnegative(),
  reason: z.string(),
  reversed_at: z.string(),
  /** The staff member who asked for it (null for a gateway-initiated one). */
  reversed_by: z.string().nullable(),
  /**
   * A store sale refunded because its units sold out while the payment was confirmed (ADR
   * 0083): what it bought and who paid, so the buyer hears of the refund (ADR 0092).
   */
  store: storeSaleSchema.extend({ guardian_id: z.string().nullable() }).optional(),
});
export type PayinReversed = z.infer<typeof payinReversedSchema>;
export const payinReversedV1 = defineEvent('payments.payin.reversed', payinReversedSchema);
