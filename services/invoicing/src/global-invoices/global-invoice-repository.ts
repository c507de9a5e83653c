/**
 * The global invoice's rows (ADR 0042): the payments held for it and the `global` document
 * that collects a closed period's. The global row is locked before its members change, so
 * collecting, releasing a payment and sealing the global one never interleave.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { NOMBRE_PUBLICO_EN_GENERAL, RFC_PUBLICO_EN_GENERAL } from '../cfdi/receptor';
import { invoices, studentDirectory } from '../schema';
import { lockInvoice, wakeWorkers, type InvoiceRow } from '../invoices/invoice-repository';
import type { InvoiceLineRecord } from '../invoices/invoice-request-rules';
import { lockAfterTheirGlobals } from './global-lock-repository';

/** A period's first global invoice, not its re-issue without a payment (ADR 0050). */
const ORIGINAL_GLOBAL = sql`document = 'global' AND replaces_invoice_id IS NULL`;

/** A payment held for a global invoice and not collected yet. */
export interface HeldPayment {
  id: string;
  fiscalEntityId: string;
  paidAt: Date;
}

export function heldPayments(db: Executor): Promise<HeldPayment[]> {
  return db
    .select({
      id: invoices.id,
      fiscalEntityId: sql<string>`${invoices.fiscalEntityId}`,
      paidAt: invoices.paidAt,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.globalState, 'held'),
        isNull(invoices.globalInvoiceId),
        eq(invoices.status, 'pending'),
      ),
    );
}

/**
 * The period's global invoice, created by the first job that closes it (a second run or a
 * second instance finds it: the unique key `invoices_global_period_key`), locked.
 */
export async function openGlobalInvoice(
  tx: Executor,
  global: { schoolId: string; entityId: string; key: string; paidAt: Date },
): Promise<InvoiceRow> {
  await tx
    .insert(invoices)
    .values({
      schoolId: global.schoolId,
      document: 'global',
      part: 'other',
      fiscalEntityId: global.entityId,
      sourceKind: 'global',
      sourceId: global.key,
      // A global invoice is about no student: the column's "nobody".
      studentId: '',
      method: 'cash',
      paidAt: global.paidAt,
      lines: [],
      orderIds: [],
      // Replaced by the members' sum below, in the same transaction.
      totalCentavos: 1,
      receptorRfc: RFC_PUBLICO_EN_GENERAL,
      receptorName: NOMBRE_PUBLICO_EN_GENERAL,
    })
    .onConflictDoNothing({ target: invoices.sourceId, where: ORIGINAL_GLOBAL });
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(ORIGINAL_GLOBAL, eq(invoices.sourceId, global.key)))
    .for('update');
  return row!;
}

/**
 * Puts held payments into a global invoice not sealed yet, and keeps the global's total,
 * FormaPago's method and latest payment in step with its members.
 */
export async function collectInto(
  tx: Executor,
  global: InvoiceRow,
  paymentIds: string[],
): Promise<number> {
  const collected = await tx
    .update(invoices)
    .set({ globalInvoiceId: global.id })
    .where(
      and(
        inArray(invoices.id, paymentIds),
        eq(invoices.globalState, 'held'),
        isNull(invoices.globalInvoiceId),
        eq(invoices.status, 'pending'),
      ),
    )
    .returning({ id: invoices.id });
  await refreshGlobalTotals(tx, global.id);
  await wakeWorkers(tx);
  return collected.length;
}

/**
 * Payments that arrived after their period's global invoice was sealed: each is stamped on
 * its own (público en general, one CFDI per payment), as SAT's period has closed for them.
 * Only ones no global collected: a collector that read them before another collected them
 * into the global it now finds sealed must not stamp them twice.
 */
export async function releaseHeld(tx: Executor, paymentIds: string[]): Promise<void> {
  if (paymentIds.length === 0) return;
  await tx
    .update(invoices)
    .set({ globalState: 'released', nextAttemptAt: sql`now()` })
    .where(
      and(
        inArray(invoices.id, paymentIds),
        eq(invoices.globalState, 'held'),
        isNull(invoices.globalInvoiceId),
      ),
    );
  await wakeWorkers(tx);
}

/**
 * Still in its global invoice: held (a payment that left a stamped global keeps pointing at
 * it, `released`, ADR 0050) and not withdrawn (a whole reversal while held).
 */
const member = sql`${invoices.globalState} = 'held' AND ${invoices.status} = 'pending'`;

/**
 * Total, method that brought the most money, and latest payment of the global's members (a
 * payment withdrawn since — a whole reversal — no longer counts).
 */
export async function refreshGlobalTotals(tx: Executor, globalId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE invoices g SET
      total_centavos = m.total,
      paid_at = m.paid_at,
      method = m.method
    FROM (
      SELECT sum(total_centavos)::bigint AS total, max(paid_at) AS paid_at,
        (SELECT method FROM invoices WHERE global_invoice_id = ${globalId} AND ${member}
          GROUP BY method ORDER BY sum(total_centavos) DESC, method LIMIT 1) AS method
      FROM invoices WHERE global_invoice_id = ${globalId} AND ${member}
    ) m
    WHERE g.id = ${globalId} AND m.total > 0`);
}

/**
 * A payment leaves its global invoice before the global is sealed (the family asked for its
 * own CFDI): stamped on its own now. The global goes with its last payment. Answers what
 * became of it: `stamped` when the global CFDI stands at SAT (motive 04's case,
 * `leaveStampedGlobal`), `sealed` while it is at the PAC.
 */
export async function leaveGlobal(
  tx: Executor,
  payment: InvoiceRow,
): Promise<'released' | 'sealed' | 'stamped' | 'not-held'> {
  if (payment.globalState !== 'held') return 'not-held';
  const global = payment.globalInvoiceId
    ? await lockInvoice(tx, payment.globalInvoiceId)
    : undefined;
  if (global?.sealedXml) return global.status === 'success' ? 'stamped' : 'sealed';
  if (!global) {
    await releaseHeld(tx, [payment.id]);
    return 'released';
  }
  // Leaving a re-issue not sealed yet: the payment is still in the stamped global it replaces,
  // and points there until that one is cancelled (ADR 0050).
  await releaseFrom(tx, payment.id, global.replacesInvoiceId);
  await refreshOrDrop(tx, global.id);
  return 'released';
}

/**
 * A held payment keeps only `kept` after a refund taken out before its global was sealed
 * (ADR 0051 addendum), once per reversal: answers false when this one was taken out already.
 */
export async function shrinkHeld(
  tx: Executor,
  payment: { id: string; reversalId: string },
  kept: { lines: InvoiceLineRecord[]; totalCentavos: number },
): Promise<boolean> {
  const shrunk = await tx
    .update(invoices)
    .set({
      lines: kept.lines,
      orderIds: [...new Set(kept.lines.map((line) => line.order_id))],
      totalCentavos: kept.totalCentavos,
      reducedByReversals: sql`array_append(${invoices.reducedByReversals}, ${payment.reversalId})`,
    })
    .where(
      and(
        eq(invoices.id, payment.id),
        sql`NOT (${payment.reversalId} = ANY(${invoices.reducedByReversals}))`,
      ),
    )
    .returning({ id: invoices.id });
  return shrunk.length > 0;
}

/** An unsealed global after a payment left or shrank: its totals follow, or it goes with its last. */
export async function refreshOrDrop(tx: Executor, globalId: string): Promise<void> {
  if (await hasMembers(tx, globalId)) return refreshGlobalTotals(tx, globalId);
  // Only payments withdrawn since still name it (a global never sealed is never left for a
  // CFDI of one's own): they must not point at a row that no longer exists.
  await tx
    .update(invoices)
    .set({ globalInvoiceId: null })
    .where(eq(invoices.globalInvoiceId, globalId));
  await tx.delete(invoices).where(eq(invoices.id, globalId));
}

/** Out of the global one and due now, remembering the stamped global it leaves, if any. */
export async function releaseFrom(
  tx: Executor,
  paymentId: string,
  stampedGlobalId: string | null,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ globalState: 'released', globalInvoiceId: stampedGlobalId, nextAttemptAt: sql`now()` })
    .where(eq(invoices.id, paymentId));
  await wakeWorkers(tx);
}

export async function hasMembers(tx: Executor, globalId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.globalInvoiceId, globalId), member))
    .limit(1);
  return row !== undefined;
}

/**
 * The payments still held for a global invoice whose receptor is this guardian, locked after
 * their globals.
 */
export function heldOfGuardian(tx: Executor, guardianId: string): Promise<InvoiceRow[]> {
  return lockAfterTheirGlobals(
    tx,
    and(eq(invoices.globalState, 'held'), eq(invoices.billingGuardianId, guardianId))!,
  );
}

/** A global invoice's payments with the student each paid for (RVOE by level). */
export function globalMembersOf(tx: Executor, globalId: string) {
  return tx
    .select({
      invoice: invoices,
      student: studentDirectory,
    })
    .from(invoices)
    .leftJoin(studentDirectory, eq(studentDirectory.studentId, invoices.studentId))
    .where(and(eq(invoices.globalInvoiceId, globalId), member))
    .orderBy(invoices.paidAt, invoices.id);
}

export type GlobalMember = Awaited<ReturnType<typeof globalMembersOf>>[number];
