import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import type { Executor } from '@cuota/messaging/transaction';
import { capToDue, totalOf, type OrderAllocation } from '../allocation/allocation-rules';
import { otherAmountNote, spreadReceived } from './received-amount';
import { creditAccount, schoolAccount } from '../ledger/chart-of-accounts';
import type { GatewaySale } from '../gateway/kushki-gateway';
import {
  GATEWAY_PAYIN_TYPES,
  lockPayinWithItems,
  markPayinFailed,
  type LockedPayin,
  type PayinItemRow,
  type PayinRow,
} from '../payins/payin-repository';
import { storeCheckoutOf } from '../store-checkout/store-checkout-repository';
import { settleStorePayin } from '../store-checkout/settle-store-payin';
import { settlingAlone, type Settling } from './settling';

/** `forStore`: the payin pays a store's order, whose stock billing is told of after. */
export type SettleResult =
  | { kind: 'settled'; forStore: boolean }
  | { kind: 'already'; payin: PayinRow; forStore: boolean }
  /** The gateway charged another amount: the payin fails and the caller voids the sale. */
  | { kind: 'mismatch'; payin: PayinRow; forStore: boolean }
  | { kind: 'unknown' };

const DESCRIPTION: Record<PayinRow['type'], string> = {
  CARD: 'Pago con tarjeta',
  TRANSFER_IN: 'Transferencia SPEI',
  CASH_IN: 'Pago en efectivo en tienda',
};

/** The quote a card payin's item was charged for, as billing gave it at checkout. */
const quoteOf = (item: PayinItemRow): QuotedOrder => ({
  order_id: item.orderId,
  student_id: item.studentId,
  concept_id: item.conceptId,
  concept_name: item.conceptName,
  concept_type: item.conceptType,
  period: item.period,
  due_on: item.dueOn,
  pending_base_centavos: item.baseCentavos,
  late_fee_due_centavos: item.lateFeeCentavos,
  status: 'NOT_PAID',
  amount_centavos: item.orderAmountCentavos ?? undefined,
  late_fee_centavos: item.orderLateFeeCentavos ?? undefined,
});

const plannedAllocation = (item: PayinItemRow): OrderAllocation => ({
  orderId: item.orderId,
  studentId: item.studentId,
  conceptId: item.conceptId,
  conceptName: item.conceptName,
  conceptType: item.conceptType,
  period: item.period,
  baseCentavos: item.baseCentavos,
  lateFeeCentavos: item.lateFeeCentavos,
});

/**
 * Settles a gateway payin (card, SPEI, cash voucher: ADR 0089) the gateway approved, once (webhook and reconciliation both land
 * here): with the payin locked, it allocates the items to their orders (each cut to what is
 * due now; the cut becomes the family's credit), posts the ledger and enqueues
 * payments.payin.succeeded, all in the caller's transaction.
 */
export async function settleCardPayin(
  tx: Executor,
  payinId: string,
  sale: GatewaySale,
  paidAt: Date,
  publicMerchantId: string,
): Promise<SettleResult> {
  const locked = await lockPayinWithItems(tx, payinId);
  return settleLockedPayin(tx, locked, { sale, paidAt, publicMerchantId }, settlingAlone(tx));
}

/**
 * settleCardPayin once the payin is locked (`locked`, read in this transaction after any
 * change to it), reading and booking through `settling` (a batch's: ADR 0112).
 */
export async function settleLockedPayin(
  tx: Executor,
  locked: LockedPayin | null,
  { sale, paidAt, publicMerchantId }: { sale: GatewaySale; paidAt: Date; publicMerchantId: string },
  settling: Settling,
): Promise<SettleResult> {
  // Another merchant's notification cannot settle this school's payin, nor a desk's.
  if (
    !locked ||
    !GATEWAY_PAYIN_TYPES.includes(locked.payin.type) ||
    locked.payin.publicMerchantId !== publicMerchantId
  )
    return { kind: 'unknown' };
  const { payin, items, forStore } = locked;
  if (payin.status === 'success') return { kind: 'already', payin, forStore };
  // A card charge is exactly what was asked; a transfer or a store's cash is what the family
  // sent, and it is booked as it arrived (ADR 0099).
  const exact = payin.type === 'CARD' || forStore;
  if (exact && sale.amountCentavos !== payin.amountCentavos) {
    const failed = await markPayinFailed(
      tx,
      payin,
      {
        code: 'AMOUNT_MISMATCH',
        message: 'La pasarela cobró un monto distinto al del pago; el cargo se anulará.',
      },
      items.map((i) => i.orderId),
    );
    return { kind: 'mismatch', payin: failed, forStore };
  }
  if (forStore) {
    // The sale's lines ride on payments.payin.succeeded (ADR 0083): one read, store payins only.
    const checkout = (await storeCheckoutOf(tx, payin.id))!;
    await settleStorePayin(tx, payin, checkout, sale, paidAt);
    return { kind: 'settled', forStore };
  }
  const due = await settling.due(
    items.map((i) => i.studentId),
    items.map(quoteOf),
    payin.quotedAfterSeq,
  );
  const capped = capToDue(items.map(plannedAllocation), new Map(due.map((d) => [d.orderId, d])));
  const received = sale.amountCentavos;
  const { allocations, excessByStudent } =
    received === payin.amountCentavos ? capped : spreadReceived(capped, items, received);
  // What no order took: the items' cut, or the whole charge of a subscription month that was
  // paid or not billed yet (no item, ADR 0045).
  const excess = received - totalOf(allocations);
  // One credit per payin: the family's overpayment goes to the first student it came from.
  const creditStudentId =
    excess > 0 ? ([...excessByStudent.keys()][0] ?? payin.studentIds[0]!) : null;
  const base = allocations.reduce((s, a) => s + a.baseCentavos, 0);
  await settling.post({
    idempotencyKey: `payin:${payin.id}:settled`,
    schoolId: payin.schoolId,
    description: `${DESCRIPTION[payin.type]} ${sale.ticketNumber}`,
    occurredAt: paidAt,
    lines: [
      {
        account: schoolAccount(payin.schoolId, 'gateway_clearing'),
        amountCentavos: received,
      },
      { account: schoolAccount(payin.schoolId, 'receivable'), amountCentavos: -base },
      {
        account: schoolAccount(payin.schoolId, 'late_fee_revenue'),
        amountCentavos: -(totalOf(allocations) - base),
      },
      ...(creditStudentId
        ? [{ account: creditAccount(payin.schoolId, creditStudentId), amountCentavos: -excess }]
        : []),
    ],
  });
  settling.allocated(allocations);
  await settling.paid(payin, {
    paidAt,
    allocations,
    creditCreatedCentavos: excess,
    creditStudentId,
    card: {
      ticketNumber: sale.ticketNumber,
      reference: sale.transactionReference,
      brand: sale.brand,
      last4: sale.last4,
    },
    ...(received === payin.amountCentavos
      ? {}
      : { received: { amountCentavos: received, note: otherAmountNote(payin, received) } }),
  });
  return { kind: 'settled', forStore };
}
