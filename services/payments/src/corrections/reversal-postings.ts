import { totalOf, type OrderAllocation } from '../allocation/allocation-rules';
import {
  creditAccount,
  owedAccount,
  schoolAccount,
  type SchoolAccount,
} from '../ledger/chart-of-accounts';
import type { LedgerLine } from '../ledger/ledger-rules';
import type { OwedShare } from '../owed/owed-rules';

/** What a reversal gives back and where it takes it from (ADR 0036's table). */
export interface ReversedMoney {
  schoolId: string;
  /** Where the money leaves by: the desk, the bank or the gateway. */
  paidFrom: SchoolAccount;
  amountCentavos: number;
  allocations: OrderAllocation[];
  creditStudentId: string | null;
  creditCentavos: number;
  /** The payin's credit already spent elsewhere: now owed by the family (card refunds). */
  owedCentavos?: number;
  /** What the payin had collected of refunds owed: a void makes it owed again. */
  owedRestored?: OwedShare[];
}

/**
 * The reverse of a payment's posting: the money leaves, the orders owe again, credit shrinks;
 * what credit no longer covers the family owes.
 */
export function reversalLines(r: ReversedMoney): LedgerLine[] {
  const base = r.allocations.reduce((s, a) => s + a.baseCentavos, 0);
  return [
    { account: schoolAccount(r.schoolId, r.paidFrom), amountCentavos: -r.amountCentavos },
    { account: schoolAccount(r.schoolId, 'receivable'), amountCentavos: base },
    {
      account: schoolAccount(r.schoolId, 'late_fee_revenue'),
      amountCentavos: totalOf(r.allocations) - base,
    },
    ...(r.creditStudentId && r.creditCentavos
      ? [
          {
            account: creditAccount(r.schoolId, r.creditStudentId),
            amountCentavos: r.creditCentavos,
          },
        ]
      : []),
    ...(r.creditStudentId && r.owedCentavos
      ? [{ account: owedAccount(r.schoolId, r.creditStudentId), amountCentavos: r.owedCentavos }]
      : []),
    ...(r.owedRestored ?? []).map((o) => ({
      account: owedAccount(r.schoolId, o.studentId),
      amountCentavos: o.centavos,
    })),
  ];
}

/**
 * A transfer's or store cash's money given back to the family's credit (ADR 0099): the orders
 * owe again and each order's student holds what it had paid; no money leaves.
 */
export function toCreditLines(schoolId: string, allocations: OrderAllocation[]): LedgerLine[] {
  const base = allocations.reduce((s, a) => s + a.baseCentavos, 0);
  const byStudent = new Map<string, number>();
  for (const a of allocations)
    byStudent.set(
      a.studentId,
      (byStudent.get(a.studentId) ?? 0) + a.baseCentavos + a.lateFeeCentavos,
    );
  return [
    { account: schoolAccount(schoolId, 'receivable'), amountCentavos: base },
    {
      account: schoolAccount(schoolId, 'late_fee_revenue'),
      amountCentavos: totalOf(allocations) - base,
    },
    ...[...byStudent].map(([studentId, centavos]) => ({
      account: creditAccount(schoolId, studentId),
      amountCentavos: -centavos,
    })),
  ];
}
