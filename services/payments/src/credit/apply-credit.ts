import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import type { Executor } from '@cuota/messaging/transaction';
import {
  allocationWatermark,
  insertAllocations,
  lockStudents,
} from '../allocation/allocation-repository';
import { allocateOldestFirst, totalOf } from '../allocation/allocation-rules';
import { dueOrders } from '../allocation/due-orders';
import type { BillingClient } from '../billing/billing-client';
import { familyOf, owedOfFamily } from '../desk/desk-family';
import { creditAccount, owedAccount, schoolAccount } from '../ledger/chart-of-accounts';
import {
  lockCreditBalance,
  postLedgerTransaction,
  studentsWithCredit,
} from '../ledger/ledger-repository';
import { insertOwedCollections } from '../owed/owed-repository';
import { collectOwed, totalOwed, type OwedShare } from '../owed/owed-rules';
import { insertCreditApplication } from './credit-application-repository';

interface CreditRun {
  schoolId: string;
  /** The billing event that billed new orders: a redelivery applies nothing twice. */
  sourceEventId: string;
  now: Date;
}

/**
 * Spends the credit the school's students hold on their family's open orders (ADR 0036), in
 * the caller's transaction: first each holder's own orders, then — with what is left — their
 * siblings', oldest due first. Before any order, each holder's credit pays what refunds left
 * the family owing (the holder's own first): the family owes it in full today. Every family member is locked up front, in one sorted pass,
 * and billing's quotes are taken once against one watermark, so the allocations of the first
 * pass count in the second.
 */
export async function applyFamilyCredit(
  tx: Executor,
  billing: BillingClient,
  run: CreditRun,
): Promise<void> {
  const holders = await studentsWithCredit(tx, run.schoolId);
  if (!holders.length) return;
  const families = new Map<string, string[]>();
  for (const holder of holders)
    families.set(holder, (await familyOf(tx, run.schoolId, holder))?.memberIds ?? [holder]);
  await lockStudents(tx, [...families.values()].flat());
  const watermark = await allocationWatermark(tx);
  const quotes = new Map<string, Promise<QuotedOrder[]>>();
  const quoted = (studentId: string) => {
    if (!quotes.has(studentId))
      quotes.set(studentId, billing.openOrdersOf(run.schoolId, studentId));
    return quotes.get(studentId)!;
  };
  const spendOn = async (holder: string, on: { orders: string[]; owed: string[] }, key: string) => {
    const orders = (await Promise.all(on.orders.map(quoted))).flat();
    const owed = await owedOfFamily(tx, run.schoolId, on.owed);
    if (orders.length || owed.length)
      await spendCredit(tx, { ...run, holder, sourceEventId: key }, { orders, owed }, watermark);
  };
  for (const [holder, members] of families)
    await spendOn(holder, { orders: [holder], owed: members }, run.sourceEventId);
  for (const [holder, members] of families)
    await spendOn(holder, { orders: members.slice(1), owed: [] }, `${run.sourceEventId}:familia`);
}

/**
 * One holder's credit on these refunds owed and orders: the ledger moves credit to owed, to
 * receivable (and late-fee revenue), and payments.credit.applied is enqueued with the orders
 * it paid.
 */
async function spendCredit(
  tx: Executor,
  c: CreditRun & { holder: string },
  target: { orders: QuotedOrder[]; owed: OwedShare[] },
  watermark: number,
): Promise<void> {
  const balance = await lockCreditBalance(tx, c.schoolId, c.holder);
  if (balance <= 0) return;
  const { collected, rest } = collectOwed(target.owed, balance);
  const due = await dueOrders(tx, target.orders, watermark);
  const { allocations } = allocateOldestFirst(due, rest);
  if (!allocations.length && !collected.length) return;
  const applicationId = await insertCreditApplication(
    tx,
    { schoolId: c.schoolId, studentId: c.holder, sourceEventId: c.sourceEventId, appliedAt: c.now },
    { allocations, owedCentavos: totalOwed(collected) },
  );
  if (!applicationId) return;
  const base = allocations.reduce((s, a) => s + a.baseCentavos, 0);
  const applied = totalOf(allocations);
  const total = applied + totalOwed(collected);
  await postLedgerTransaction(tx, {
    idempotencyKey: `credit:${applicationId}`,
    schoolId: c.schoolId,
    description: 'Saldo a favor aplicado a nuevos cargos',
    occurredAt: c.now,
    lines: [
      { account: creditAccount(c.schoolId, c.holder), amountCentavos: total },
      { account: schoolAccount(c.schoolId, 'receivable'), amountCentavos: -base },
      {
        account: schoolAccount(c.schoolId, 'late_fee_revenue'),
        amountCentavos: -(applied - base),
      },
      ...collected.map((o) => ({
        account: owedAccount(c.schoolId, o.studentId),
        amountCentavos: -o.centavos,
      })),
    ],
  });
  await insertAllocations(tx, c.schoolId, { creditApplicationId: applicationId }, allocations);
  await insertOwedCollections(tx, c.schoolId, { creditApplicationId: applicationId }, collected);
}
