import { conflict } from '@cuota/service-runtime/http/http-error';
import type { PaymentsDeps } from '../payments-deps';
import {
  cancelPayoutRow,
  lockSchoolPayouts,
  payoutById,
  type PayoutRow,
} from './payout-repository';

export const NOT_CANCELABLE =
  'La dispersión ya se envió a la pasarela; solo se cancela una programada o rechazada.';

/**
 * Cancels a payout that has not left (ADR 0056). Nothing was posted (a payout posts only
 * when the gateway approves it), so nothing is reversed; its payments and the refunds it
 * deducted are let go and the next payout scheduled takes them. Under the school's payout
 * lock, so a day being scheduled at the same time sees it either whole or canceled. Asking
 * again answers the canceled payout; one that was sent (PROCESSING, APPROVED) is 409.
 */
export async function cancelPayout(
  deps: PaymentsDeps,
  payout: PayoutRow,
  by: { userId: string; reason: string },
): Promise<PayoutRow> {
  const canceled = await deps.db.transaction(async (tx) => {
    await lockSchoolPayouts(tx, payout.schoolId);
    return cancelPayoutRow(tx, payout.id, by);
  });
  if (canceled) return canceled;
  const now = (await payoutById(deps.db, payout.id))!;
  if (now.status !== 'CANCELED') throw conflict(NOT_CANCELABLE);
  return now;
}
