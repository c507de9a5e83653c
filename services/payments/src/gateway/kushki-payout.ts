import { z } from 'zod';

/**
 * Kushki's payout-status webhook as the sandbox sends it (ADR 0043). Nothing about payouts was
 * found published beyond two paths in community code (mexico.md §3.8): this body is a guess,
 * camelCase as Kushki's transfer and void notifications are, listed in the sandbox README.
 * The first payout against Kushki UAT should confirm or correct it here, and only here.
 */
const payoutNotice = z.object({
  ticketNumber: z.string().min(1),
  transactionType: z.literal('PAYOUT'),
  transactionStatus: z.enum(['APPROVAL', 'DECLINED', 'INITIALIZED']),
  merchantId: z.string().optional(),
  metadata: z
    .object({ payout_id: z.string().optional(), reversal_id: z.string().optional() })
    .loose()
    .optional(),
  responseText: z.string().optional(),
});

export interface PayoutNotice {
  ticketNumber: string;
  status: 'APPROVAL' | 'DECLINED' | 'INITIALIZED';
  merchantId: string | null;
  payoutId: string | null;
  /** A SPEI/cash refund to a bank account (ADR 0110) rather than a school's payout. */
  reversalId: string | null;
  responseText: string | null;
}

export function parsePayoutNotice(raw: Buffer): PayoutNotice | null {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payoutNotice.safeParse(json);
  if (!parsed.success) return null;
  const n = parsed.data;
  return {
    ticketNumber: n.ticketNumber,
    status: n.transactionStatus,
    merchantId: n.merchantId ?? null,
    payoutId: n.metadata?.payout_id ?? null,
    reversalId: n.metadata?.reversal_id ?? null,
    responseText: n.responseText ?? null,
  };
}
