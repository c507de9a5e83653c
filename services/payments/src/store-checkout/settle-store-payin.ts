import type { Executor } from '@cuota/messaging/transaction';
import type { GatewaySale } from '../gateway/kushki-gateway';
import { schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import { markPayinSucceeded, type PayinRow } from '../payins/payin-repository';

/**
 * A store purchase the gateway approved, in the settling transaction with the payin locked
 * (ADR 0074): nothing was receivable, so the card money is the store's sale at once — no
 * order to allocate, no credit. Billing commits the stock after the commit (store-stock-sweep).
 */
export async function settleStorePayin(
  tx: Executor,
  payin: PayinRow,
  sale: GatewaySale,
  paidAt: Date,
): Promise<PayinRow> {
  await postLedgerTransaction(tx, {
    idempotencyKey: `payin:${payin.id}:settled`,
    schoolId: payin.schoolId,
    description: `Venta de la tienda con tarjeta ${sale.ticketNumber}`,
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
  });
}
