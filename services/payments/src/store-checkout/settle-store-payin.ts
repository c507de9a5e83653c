import type { StoreSale } from '@cuota/contracts/payments/store-checkout';
import type { Executor } from '@cuota/messaging/transaction';
import type { GatewaySale } from '../gateway/kushki-gateway';
import { schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import { markPayinSucceeded, type PayinRow } from '../payins/payin-repository';
import type { StoreCheckoutRow } from './store-checkout-repository';

const PAID_WITH: Record<PayinRow['type'], string> = {
  CARD: 'con tarjeta',
  TRANSFER_IN: 'por transferencia SPEI',
  CASH_IN: 'en efectivo',
};

/** The store marker payments.payin.succeeded carries: what the receipt and the CFDI name. */
export const storeSaleOf = (checkout: StoreCheckoutRow): StoreSale => ({
  order_id: checkout.optionalOrderId,
  student_id: checkout.studentId,
  buyer_email: checkout.buyerEmail,
  lines: checkout.lines,
  fiscal: checkout.fiscal,
});

/**
 * A store purchase the gateway approved, in the settling transaction with the payin locked
 * (ADR 0074): nothing was receivable, so the card money is the store's sale at once — no
 * order to allocate, no credit. The event carries the sale's lines (ADR 0083); billing
 * commits the stock after the commit (store-stock-sweep).
 */
export async function settleStorePayin(
  tx: Executor,
  payin: PayinRow,
  checkout: StoreCheckoutRow,
  sale: GatewaySale,
  paidAt: Date,
): Promise<PayinRow> {
  await postLedgerTransaction(tx, {
    idempotencyKey: `payin:${payin.id}:settled`,
    schoolId: payin.schoolId,
    description: `Venta de la tienda ${PAID_WITH[payin.type]} ${sale.ticketNumber}`,
    occurredAt: paidAt,
    lines: [
      {
        account: schoolAccount(payin.schoolId, 'gateway_clearing'),
        amountCentavos: payin.amountCentavos,
      },
      {
        account: schoolAccount(payin.schoolId, 'store_revenue'),
        amountCentavos: -payin.amountCentavos,
      },
    ],
  });
  return markPayinSucceeded(tx, payin, {
    paidAt,
    allocations: [],
    creditCreatedCentavos: 0,
    creditStudentId: null,
    card: {
      ticketNumber: sale.ticketNumber,
      reference: sale.transactionReference,
      brand: sale.brand,
      last4: sale.last4,
    },
    store: storeSaleOf(checkout),
  });
}
