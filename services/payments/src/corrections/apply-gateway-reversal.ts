import type { Executor } from '@cuota/messaging/transaction';
import { lockStudents } from '../allocation/allocation-repository';
import type { GatewayReversal } from '../gateway/kushki-shapes';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import { addReturnedToFamily, lockPayinByTicket, type PayinRow } from '../payins/payin-repository';
import { heldBy, payinCredit } from './payin-holdings';
import { reversalLines } from './reversal-postings';
import {
  applyPendingReversal,
  declineReversal,
  reversalForNotice,
  type ReversalRow,
} from './reversal-repository';
import { takeBack } from './reversal-rules';

export type GatewayReversalResult = 'applied' | 'declined' | 'not_ours';

/**
 * The gateway's void/refund webhook for a reversal payments asked for (ADR 0036), in the
 * transaction that recorded the notice once: approved, the books move (credit back, orders
 * reopened, gateway_clearing credited) with payments.payin.reversed; otherwise it is declined
 * and nothing moves. A reversal payments did not ask for (a mismatched sale's) is not ours.
 * The money already left at the gateway, so an approved one is always booked: credit of the
 * payin spent meanwhile on other orders becomes what the family owes.
 */
export async function applyGatewayReversal(
  tx: Executor,
  merchantPublicId: string,
  notice: GatewayReversal,
  now: Date,
): Promise<GatewayReversalResult> {
  const payin = await lockPayinByTicket(tx, notice.saleTicketNumber);
  if (!payin || payin.publicMerchantId !== merchantPublicId) return 'not_ours';
  const row = await reversalForNotice(tx, payin.id, {
    ticketNumber: notice.ticketNumber,
    kind: notice.type === 'VOID' ? 'void' : 'refund',
    amountCentavos: notice.amountCentavos,
  });
  if (!row || row.status !== 'pending') return 'not_ours';
  if (notice.status !== 'APPROVAL') {
    await declineReversal(tx, row.id, 'La pasarela no pudo devolver el dinero a la tarjeta.');
    return 'declined';
  }
  await applyApproved(tx, payin, row, notice.ticketNumber, now);
  return 'applied';
}

async function applyApproved(
  tx: Executor,
  payin: PayinRow,
  row: ReversalRow,
  gatewayTicketNumber: string,
  appliedAt: Date,
): Promise<void> {
  const held = await heldBy(tx, payin);
  await lockStudents(tx, [...payin.studentIds, ...held.map((a) => a.studentId)]);
  const taken = takeBack(held, await payinCredit(tx, payin), row.amountCentavos);
  await applyPendingReversal(tx, row, {
    whole: row.amountCentavos === payin.amountCentavos,
    creditReversedCentavos: taken.creditCentavos + taken.owedCentavos,
    creditOwedCentavos: taken.owedCentavos,
    allocations: taken.allocations,
    appliedAt,
    gatewayTicketNumber,
  });
  await addReturnedToFamily(tx, payin.id, row.amountCentavos);
  await postLedgerTransaction(tx, {
    idempotencyKey: `reversal:${row.id}`,
    schoolId: payin.schoolId,
    description: `${row.kind === 'void' ? 'Anulación' : 'Reembolso'} del pago con tarjeta ${payin.receiptNumber ?? payin.id}`,
    occurredAt: appliedAt,
    lines: reversalLines({
      schoolId: payin.schoolId,
      paidFrom: 'gateway_clearing',
      amountCentavos: row.amountCentavos,
      allocations: taken.allocations,
      creditStudentId: payin.creditStudentId,
      creditCentavos: taken.creditCentavos,
      owedCentavos: taken.owedCentavos,
    }),
  });
}
