import { badRequest, unauthenticated } from '@cuota/service-runtime/http/http-error';
import { BAD_SIGNATURE, signedBy, type Delivery } from '../checkout/receive-notification';
import { settleBankRefund } from '../corrections/refund-to-bank';
import { recordNotification } from '../gateway/gateway-notification-repository';
import { parsePayoutNotice } from '../gateway/kushki-payout';
import { schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { finishPayout, type PayoutRow } from './payout-repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Kushki's signed payout status (ADR 0043), verified as the card webhooks are (ADR 0030).
 * Each ticket's final status is recorded once, in the transaction that changes the payout
 * and, when approved, posts it: five deliveries are one status change and one posting.
 */
export async function receivePayoutStatus(deps: PaymentsDeps, delivery: Delivery): Promise<void> {
  const merchant = await signedBy(deps, delivery);
  const notice = parsePayoutNotice(delivery.rawBody);
  if (!notice) throw badRequest('La notificación no tiene la forma esperada.');
  if (notice.merchantId !== null && notice.merchantId !== merchant.merchantId)
    throw unauthenticated(BAD_SIGNATURE);
  if (notice.status === 'INITIALIZED') return;
  const status = notice.status === 'APPROVAL' ? 'APPROVED' : 'DECLINED';
  await deps.db.transaction(async (tx) => {
    const fresh = await recordNotification(tx, {
      publicMerchantId: merchant.publicMerchantId,
      ticketNumber: notice.ticketNumber,
      transactionType: 'PAYOUT',
      transactionStatus: notice.status,
      payinId: null,
    });
    if (!fresh) return;
    if (await settleBankRefund(tx, merchant.publicMerchantId, notice, deps.now())) return;
    const payout = await finishPayout(tx, {
      ticket: notice.ticketNumber,
      payoutId: notice.payoutId && UUID.test(notice.payoutId) ? notice.payoutId : null,
      status,
      reason:
        status === 'DECLINED'
          ? (notice.responseText ?? 'La pasarela rechazó la dispersión.')
          : null,
    });
    if (payout?.status === 'APPROVED') await postPayout(tx, payout, deps.now());
  });
}

/**
 * The money left the gateway for the school's bank, less the gateway's fees (ADR 0043):
 * Dr bank (net) and gateway_fees (fee), Cr gateway_clearing (the day's card money less its
 * reversals and the carried refunds of payments paid out before, which the payins and
 * reversals had posted there). Once per payout.
 */
function postPayout(tx: Parameters<typeof postLedgerTransaction>[0], p: PayoutRow, at: Date) {
  const account = (name: Parameters<typeof schoolAccount>[1]) => schoolAccount(p.schoolId, name);
  return postLedgerTransaction(tx, {
    idempotencyKey: `payout:${p.id}`,
    schoolId: p.schoolId,
    description: `Dispersión del ${p.collectedOn}`,
    occurredAt: at,
    lines: [
      { account: account('bank'), amountCentavos: p.netCentavos },
      { account: account('gateway_fees'), amountCentavos: p.feeCentavos },
      {
        account: account('gateway_clearing'),
        amountCentavos: -(p.collectedCentavos - p.reversedCentavos - p.carriedCentavos),
      },
    ],
  });
}
