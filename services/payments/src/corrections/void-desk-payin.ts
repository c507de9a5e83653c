import type { PayinReversal, VoidPayin } from '@cuota/contracts/payments/reversals';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { lockStudents } from '../allocation/allocation-repository';
import { totalOf, type OrderAllocation } from '../allocation/allocation-rules';
import { creditAccount, schoolAccount } from '../ledger/chart-of-accounts';
import { lockCreditBalance, postLedgerTransaction } from '../ledger/ledger-repository';
import type { Executor } from '@cuota/messaging/transaction';
import type { PaymentsDeps } from '../payments-deps';
import {
  allocationsOfPayins,
  payinById,
  UNKNOWN_PAYIN,
  type PayinRow,
} from '../payins/payin-repository';
import { creditAlreadySpent, VOID_REFUSALS } from './correction-refusals';
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
 * later or concurrent one answers that same reversal.
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
      lines: reversalLines(payin, allocations),
    });
    return toReversal(row);
  });
}

/** The credit the payin left must still be there to take back (not spent on later orders). */
async function takeBackCredit(tx: Executor, payin: PayinRow): Promise<void> {
  if (!payin.creditCreatedCentavos || !payin.creditStudentId) return;
  const balance = await lockCreditBalance(tx, payin.schoolId, payin.creditStudentId);
  if (balance < payin.creditCreatedCentavos) throw creditAlreadySpent();
}

/** The reverse of the desk's posting: the money leaves the desk, the orders owe again. */
function reversalLines(payin: PayinRow, allocations: OrderAllocation[]) {
  const base = allocations.reduce((s, a) => s + a.baseCentavos, 0);
  const { schoolId } = payin;
  return [
    {
      account: schoolAccount(schoolId, payin.method === 'cash' ? 'cash_desk' : 'bank'),
      amountCentavos: -payin.amountCentavos,
    },
    { account: schoolAccount(schoolId, 'receivable'), amountCentavos: base },
    {
      account: schoolAccount(schoolId, 'late_fee_revenue'),
      amountCentavos: totalOf(allocations) - base,
    },
    ...(payin.creditStudentId
      ? [
          {
            account: creditAccount(schoolId, payin.creditStudentId),
            amountCentavos: payin.creditCreatedCentavos,
          },
        ]
      : []),
  ];
}
