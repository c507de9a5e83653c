import type { Executor } from '@cuota/messaging/transaction';
import { lockPayinWithItems, markPayinFailed, type PayinRow } from '../payins/payin-repository';

/**
 * A card payin that will not be paid (declined, abandoned): failed once, with the
 * gateway's Spanish reason, and payments.payin.failed so billing restores its orders.
 * A payin already settled or failed, or another merchant's, stays as it is.
 */
export async function failCardPayin(
  tx: Executor,
  payinId: string,
  error: { code: string; message: string },
  publicMerchantId: string,
): Promise<PayinRow | null> {
  const locked = await lockPayinWithItems(tx, payinId);
  if (!locked) return null;
  const { payin, items } = locked;
  if (payin.status !== 'pending' || payin.publicMerchantId !== publicMerchantId) return payin;
  return markPayinFailed(
    tx,
    payin,
    error,
    items.map((i) => i.orderId),
  );
}
