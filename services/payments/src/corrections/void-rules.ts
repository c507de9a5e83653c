import type { PayinType, RequestStatus } from '@cuota/contracts/payments/payins';

const mexicoCityDays = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' });

/** The Mexico City calendar day of an instant (`2026-03-10`): a cashier's working day. */
export const mexicoCityDay = (at: Date): string => mexicoCityDays.format(at);

export interface VoidablePayin {
  type: PayinType;
  status: RequestStatus;
  recordedBy: string | null;
  paidAt: Date | null;
  /** Set when the money came through the gateway (card, SPEI reference, cash voucher). */
  publicMerchantId: string | null;
}

export type VoidRefusal = 'card' | 'gateway' | 'not_paid' | 'not_own_day';

/**
 * Why this caller may not void this payin now, or null (ADR 0036): only paid desk payins are
 * voided; a cashier voids her own of the day, anyone else needs payments.refund.
 */
export function voidRefusal(
  payin: VoidablePayin,
  caller: { userId: string; mayRefund: boolean },
  now: Date,
): VoidRefusal | null {
  if (payin.type === 'CARD') return 'card';
  // A SPEI reference's or a voucher's money sits at the gateway, not in the desk's cash or
  // the school's bank account that a desk void takes it back from (ADR 0089).
  if (payin.publicMerchantId) return 'gateway';
  if (payin.status !== 'success' || !payin.paidAt) return 'not_paid';
  if (caller.mayRefund) return null;
  const ownToday =
    payin.recordedBy === caller.userId && mexicoCityDay(payin.paidAt) === mexicoCityDay(now);
  return ownToday ? null : 'not_own_day';
}
