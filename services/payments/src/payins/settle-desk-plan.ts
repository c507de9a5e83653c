import type { Executor } from '@cuota/messaging/transaction';
import { totalOf } from '../allocation/allocation-rules';
import type { DeskPlan } from '../desk/desk-rules';
import { creditAccount, owedAccount, schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import { insertOwedCollections } from '../owed/owed-repository';
import { markPayinSucceeded, type PayinRow } from './payin-repository';

/**
 * Money received by hand — at the desk, or a reported transfer staff confirmed (ADR 0036) —
 * booked as its plan says, in the caller's transaction under the family's locks: the
 * posting (cash or bank; owed, receivable, late fees, the student's credit), the
 * allocations and owed collections, and the payin marked paid with its folio.
 */
export async function settleDeskPlan(
  tx: Executor,
  payin: PayinRow,
  plan: DeskPlan,
  s: { studentId: string; paidAt: Date; description: string },
): Promise<PayinRow> {
  const { allocations, excess, owedCollected } = plan;
  const { schoolId } = payin;
  const base = allocations.reduce((sum, a) => sum + a.baseCentavos, 0);
  await postLedgerTransaction(tx, {
    idempotencyKey: `payin:${payin.id}:received`,
    schoolId,
    description: s.description,
    occurredAt: s.paidAt,
    lines: [
      {
        account: schoolAccount(schoolId, payin.method === 'cash' ? 'cash_desk' : 'bank'),
        amountCentavos: payin.amountCentavos,
      },
      { account: schoolAccount(schoolId, 'receivable'), amountCentavos: -base },
      {
        account: schoolAccount(schoolId, 'late_fee_revenue'),
        amountCentavos: -(totalOf(allocations) - base),
      },
      { account: creditAccount(schoolId, s.studentId), amountCentavos: -excess },
      ...owedCollected.map((o) => ({
        account: owedAccount(schoolId, o.studentId),
        amountCentavos: -o.centavos,
      })),
    ],
  });
  await insertOwedCollections(tx, schoolId, { payinId: payin.id }, owedCollected);
  return markPayinSucceeded(tx, payin, {
    paidAt: s.paidAt,
    allocations,
    creditCreatedCentavos: excess,
    creditStudentId: excess > 0 ? s.studentId : null,
  });
}
