import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { Executor } from '@cuota/messaging/transaction';
import type { PayoutNotice } from '../gateway/kushki-payout';
import { creditAccount, owedAccount, schoolAccount } from '../ledger/chart-of-accounts';
import { lockCreditBalance, postLedgerTransaction } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { addReturnedToFamily, payinById } from '../payins/payin-repository';
import { GATEWAY_SILENT, mayAskGateway } from './gateway-retry';
import {
  declinePayoutOf,
  finishReversalPayout,
  recordCreditOwed,
  reversalForPayout,
} from './bank-refund-payout-repository';
import {
  allocationsOfReversals,
  recordGatewayTicket,
  type ReversalRow,
} from './reversal-repository';

const DECLINED = 'La pasarela no pudo enviar el dinero a la cuenta: queda como saldo a favor.';

/**
 * A bank refund's credit paid out by SPEI through the gateway's payout API (ADR 0110), keyed
 * `reversal:<id>`: asked by the request that made the reversal, or by a retry once the last
 * ask got no answer. A refusal declines the payout (the credit stays); no answer is 503.
 */
export async function payOutCredit(
  deps: PaymentsDeps,
  row: ReversalRow,
  replayed: boolean,
): Promise<void> {
  if (!(await mayAskGateway(deps, row, replayed))) return;
  const payin = (await payinById(deps.db, row.payinId))!;
  const { gateway } = await deps.gateways.of(payin.schoolId, payin.gatewayEnvironment ?? 'sandbox');
  let outcome;
  try {
    outcome = await gateway.payout({
      clabe: row.payoutClabe!,
      holderName: row.payoutHolderName!,
      amountCentavos: row.amountCentavos,
      of: { kind: 'reversal', id: row.id },
    });
  } catch (err) {
    deps.logger.warn({ reversalId: row.id, err: String(err) }, 'gateway did not answer a payout');
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', GATEWAY_SILENT);
  }
  if (outcome.kind === 'started') await recordGatewayTicket(deps.db, row.id, outcome.ticketNumber);
  else {
    const reason = `${outcome.message} ${DECLINED}`;
    await deps.db.transaction((tx) => declinePayoutOf(tx, row.id, reason));
  }
}

/**
 * `kushki/payout_status` for a bank refund (ADR 0110), in the transaction that recorded the
 * notice once. Approved: the credit leaves — Dr credit:<student> (what each student's balance
 * still holds; what the family spent meanwhile it now owes, Dr owed:<student>, kept on the
 * row as `credit_owed_centavos` for staff to see), Cr gateway_clearing, and the payin says it
 * returned that much (ADR 0120: it stays received, the money did arrive). Declined: nothing is
 * booked, the money stays the family's credit and operations hear of it. False when the
 * notice is no bank refund's (a school's payout).
 */
export async function settleBankRefund(
  tx: Executor,
  publicMerchantId: string,
  notice: PayoutNotice,
  now: Date,
): Promise<boolean> {
  const row = await reversalForPayout(tx, notice);
  if (!row) return false;
  const payin = await payinById(tx, row.payinId);
  if (payin?.publicMerchantId !== publicMerchantId) return false;
  const approved = notice.status === 'APPROVAL';
  const done = await finishReversalPayout(tx, row.id, {
    status: approved ? 'applied' : 'declined',
    ticketNumber: notice.ticketNumber,
    reason: `${notice.responseText ?? 'La pasarela rechazó la transferencia.'} ${DECLINED}`,
  });
  if (!done || !approved) return true;
  const { lines, owedCentavos } = await payoutLines(tx, row);
  await postLedgerTransaction(tx, {
    idempotencyKey: `reversal-payout:${row.id}`,
    schoolId: row.schoolId,
    description: `Devolución a la cuenta ${row.payoutClabe} del pago ${payin.receiptNumber ?? payin.id}`,
    occurredAt: now,
    lines: lines.filter((l) => l.amountCentavos !== 0),
  });
  if (owedCentavos > 0) await recordCreditOwed(tx, row.id, owedCentavos);
  await addReturnedToFamily(tx, payin.id, row.amountCentavos);
  return true;
}

/** The payout's posting per student, and what of it the family had already spent. */
async function payoutLines(tx: Executor, row: ReversalRow) {
  const byStudent = new Map<string, number>();
  for (const a of (await allocationsOfReversals(tx, [row.id])).get(row.id) ?? [])
    byStudent.set(
      a.studentId,
      (byStudent.get(a.studentId) ?? 0) + a.baseCentavos + a.lateFeeCentavos,
    );
  const lines = [
    {
      account: schoolAccount(row.schoolId, 'gateway_clearing'),
      amountCentavos: -row.amountCentavos,
    },
  ];
  let owedCentavos = 0;
  for (const [studentId, centavos] of [...byStudent].sort(([a], [b]) => a.localeCompare(b))) {
    const held = Math.max(
      0,
      Math.min(centavos, await lockCreditBalance(tx, row.schoolId, studentId)),
    );
    lines.push({ account: creditAccount(row.schoolId, studentId), amountCentavos: held });
    owedCentavos += centavos - held;
    if (centavos > held)
      lines.push({
        account: owedAccount(row.schoolId, studentId),
        amountCentavos: centavos - held,
      });
  }
  return { lines, owedCentavos };
}
