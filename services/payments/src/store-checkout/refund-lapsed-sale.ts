import { schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { cancelPaidPayin, payinById, type PayinRow } from '../payins/payin-repository';
import { storeSaleOf } from './settle-store-payin';
import {
  enqueueLapsedSaleReversed,
  markStock,
  type StoreCheckoutRow,
} from './store-checkout-repository';

export const LAPSED_SALE_REFUNDED =
  'Tus artículos se agotaron mientras se confirmaba tu pago; te devolvimos el cargo a la tarjeta.';

/**
 * The books of a lapsed sale given back, once (the payin's status guards it): the card money
 * leaves the store's revenue, the payin is canceled, and payments.payin.reversed (whole)
 * lets invoicing cancel or withdraw the sale's CFDI and the buyer hear of the refund (it
 * carries the sale, ADR 0092).
 */
async function bookRefund(
  deps: PaymentsDeps,
  payin: PayinRow,
  checkout: StoreCheckoutRow,
  gatewayTicket: string,
) {
  const now = deps.now();
  // The relay is woken after the commit, as for every transaction (ADR 0080).
  await deps.db.transaction(async (tx) => {
    const error = { code: 'STORE_SOLD_OUT', message: LAPSED_SALE_REFUNDED };
    if (!(await cancelPaidPayin(tx, payin.id, error))) return;
    await postLedgerTransaction(tx, {
      idempotencyKey: `payin:${payin.id}:store-lapsed-refund`,
      schoolId: payin.schoolId,
      description: `Reembolso de una venta de la tienda sin existencias ${gatewayTicket}`,
      occurredAt: now,
      lines: [
        {
          account: schoolAccount(payin.schoolId, 'gateway_clearing'),
          amountCentavos: -payin.amountCentavos,
        },
        {
          account: schoolAccount(payin.schoolId, 'store_revenue'),
          amountCentavos: payin.amountCentavos,
        },
      ],
    });
    await enqueueLapsedSaleReversed(tx, payin, storeSaleOf(checkout), LAPSED_SALE_REFUNDED, now);
  });
}

/**
 * A store payment confirmed after its hold lapsed and its units were sold meanwhile (billing
 * refused the commit, ADR 0083): nothing can be delivered, so the whole charge goes back to
 * the card at once, without a staff step. The refund is keyed by the payin, so the sweep may
 * ask again after a crash or a silent gateway (the row stays `held`); a gateway that refuses
 * leaves it `lapsed` for staff, logged.
 */
export async function refundLapsedSale(deps: PaymentsDeps, checkout: StoreCheckoutRow) {
  const payin = (await payinById(deps.db, checkout.payinId))!;
  const { gateway } = await deps.gateways.of(payin.schoolId, payin.gatewayEnvironment ?? 'sandbox');
  const outcome = await gateway.refund({
    ticketNumber: payin.ticketNumber!,
    idempotencyKey: `store-lapsed:${payin.id}`,
  });
  if (outcome.kind !== 'started') {
    deps.logger.error({ payinId: payin.id, outcome }, 'gateway refused a lapsed store refund');
    return markStock(deps.db, payin.id, 'lapsed');
  }
  await bookRefund(deps, payin, checkout, outcome.ticketNumber);
  return markStock(deps.db, payin.id, 'refunded');
}
