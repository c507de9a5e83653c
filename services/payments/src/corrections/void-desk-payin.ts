import type { PayinReversal, VoidPayin } from '@cuota/contracts/payments/reversals';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { lockStudents } from '../allocation/allocation-repository';
import { lockCreditBalance, postLedgerTransaction } from '../ledger/ledger-repository';
import type { Executor } from '@cuota/messaging/transaction';
import { insertOwedCollections, owedCollectedByPayin } from '../owed/owed-repository';
import type { PaymentsDeps } from '../payments-deps';
import {
  allocationsOfPayins,
  payinById,
  UNKNOWN_PAYIN,
  type PayinRow,
} from '../payins/payin-repository';
import { creditAlreadySpent, VOID_REFUSALS } from './correction-refusals';
import { reversalLines } from './reversal-postings';
import { insertAppliedReversal, toReversal, voidOfPayin } from './reversal-repository';
import { voidRefusal } from './void-rules';

/** Who asks for a correction: their id, whether they hold payments.refund, their name. */
export interface Corrector {
  userId: string;
  name: string | null;
  mayRefund: boolean;
}

/**
 * Undoes a desk payin whole (ADR 0036): under the payin's lock a first void writes the
 * reversal, the negative allocations, the reversal posting and payments.payin.reversed; any
 * later or concurrent one answers that same reversal. What the payin collected of a refund
 * owed is owed again.
 */
export async function voidDeskPayin(
  deps: PaymentsDeps,
  schoolId: string,
  payinId: string,
  body: VoidPayin,
  by: Corrector,
): Promise<PayinReversal> {
  return deps.db.transaction(async (tx) => {
    const payin = await payinById(tx, payinId, { lock: true });
    if (!payin || payin.schoolId !== schoolId) throw notFound(UNKNOWN_PAYIN);
    const done = await voidOfPayin(tx, payinId);
    if (done) return toReversal(done);
    const refusal = voidRefusal(payin, by, deps.now());
    if (refusal) throw VOID_REFUSALS[refusal]();
    const allocations = (await allocationsOfPayins(tx, [payinId])).get(payinId) ?? [];
    await lockStudents(tx, [...payin.studentIds, ...allocations.map((a) => a.studentId)]);
    await takeBackCredit(tx, payin);
    const owedCollected = await owedCollectedByPayin(tx, payinId);
    const appliedAt = deps.now();
    const row = await insertAppliedReversal(tx, {
      payinId,
      schoolId,
      kind: 'void',
      whole: true,
      amountCentavos: payin.amountCentavos,
      creditReversedCentavos: payin.creditCreatedCentavos,
      allocations,
      reason: body.reason,
      requestedBy: by.userId,
      requestedByName: by.name,
      appliedAt,
    });
    await postLedgerTransaction(tx, {
      idempotencyKey: `reversal:${row.id}`,
      schoolId,
      description: `Anulación del pago en caja ${payin.receiptNumber ?? payin.id}`,
      occurredAt: appliedAt,
      lines: reversalLines({
        schoolId,
        paidFrom: payin.method === 'cash' ? 'cash_desk' : 'bank',
        amountCentavos: payin.amountCentavos,
        allocations,
        creditStudentId: payin.creditStudentId,
        creditCentavos: payin.creditCreatedCentavos,
        owedRestored: owedCollected,
      }),
    });
    await insertOwedCollections(
      tx,
      schoolId,
      { reversalId: row.id },
      owedCollected.map((o) => ({ ...o, centavos: -o.centavos })),
    );
    return toReversal(row);
  });
}

/** The credit the payin left must still be there to take back (not spent on later orders). */
async function takeBackCredit(tx: Executor, payin: PayinRow): Promise<void> {
  if (!payin.creditCreatedCentavos || !payin.creditStudentId) return;
  const balance = await lockCreditBalance(tx, payin.schoolId, payin.creditStudentId);
  if (balance < payin.creditCreatedCentavos) throw creditAlreadySpent();
}
