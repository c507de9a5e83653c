import type { Executor } from '@cuota/messaging/transaction';
import {
  allocationWatermark,
  insertAllocations,
  lockStudents,
} from '../allocation/allocation-repository';
import { allocateOldestFirst, totalOf } from '../allocation/allocation-rules';
import { dueOrders } from '../allocation/due-orders';
import type { BillingClient } from '../billing/billing-client';
import { creditAccount, schoolAccount } from '../ledger/chart-of-accounts';
import { lockCreditBalance, postLedgerTransaction } from '../ledger/ledger-repository';
import { insertCreditApplication } from './credit-application-repository';

/**
 * Spends a student's credit balance on their open orders, oldest due first (ADR 0016), in
 * the caller's transaction: the student and the credit account are locked, the ledger moves
 * credit to receivable (and late-fee revenue), and payments.credit.applied is enqueued.
 * `sourceEventId` (the billing event that billed new orders) makes a redelivery harmless.
 */
export async function applyCredit(
  tx: Executor,
  billing: BillingClient,
  c: { schoolId: string; studentId: string; sourceEventId: string; now: Date },
): Promise<number> {
  await lockStudents(tx, [c.studentId]);
  const balance = await lockCreditBalance(tx, c.schoolId, c.studentId);
  if (balance <= 0) return 0;
  const watermark = await allocationWatermark(tx);
  const quoted = await billing.openOrdersOf(c.schoolId, c.studentId);
  const { allocations } = allocateOldestFirst(await dueOrders(tx, quoted, watermark), balance);
  if (!allocations.length) return 0;
  const applicationId = await insertCreditApplication(
    tx,
    {
      schoolId: c.schoolId,
      studentId: c.studentId,
      sourceEventId: c.sourceEventId,
      appliedAt: c.now,
    },
    allocations,
  );
  if (!applicationId) return 0;
  const total = totalOf(allocations);
  const base = allocations.reduce((s, a) => s + a.baseCentavos, 0);
  await postLedgerTransaction(tx, {
    idempotencyKey: `credit:${applicationId}`,
    schoolId: c.schoolId,
    description: 'Saldo a favor aplicado a nuevos cargos',
    occurredAt: c.now,
    lines: [
      { account: creditAccount(c.schoolId, c.studentId), amountCentavos: total },
      { account: schoolAccount(c.schoolId, 'receivable'), amountCentavos: -base },
      { account: schoolAccount(c.schoolId, 'late_fee_revenue'), amountCentavos: -(total - base) },
    ],
  });
  await insertAllocations(tx, c.schoolId, { creditApplicationId: applicationId }, allocations);
  return total;
}
