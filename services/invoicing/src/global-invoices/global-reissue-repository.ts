/**
 * The rows of a stamped global's re-issue (ADR 0050): the re-issue itself, the payments
 * moving to it, and the payments that left the stamped global for a CFDI of their own.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices } from '../schema';
import { wakeWorkers, type InvoiceRow } from '../invoices/invoice-repository';

/** The global's re-issue: same period, emisor and receptor, members set by the caller. */
export async function recordReissue(tx: Executor, global: InvoiceRow): Promise<InvoiceRow> {
  const [reissue] = await tx
    .insert(invoices)
    .values({
      schoolId: global.schoolId,
      document: 'global',
      part: global.part,
      fiscalEntityId: global.fiscalEntityId,
      sourceKind: 'global',
      sourceId: global.sourceId,
      studentId: global.studentId,
      method: global.method,
      paidAt: global.paidAt,
      lines: [],
      orderIds: [],
      totalCentavos: global.totalCentavos,
      receptorRfc: global.receptorRfc,
      receptorName: global.receptorName,
      replacesInvoiceId: global.id,
    })
    .returning();
  return reissue!;
}

/** The stamped global's remaining payments now belong to its re-issue. */
export async function moveMembers(tx: Executor, fromId: string, toId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ globalInvoiceId: toId })
    .where(
      and(
        eq(invoices.globalInvoiceId, fromId),
        eq(invoices.globalState, 'held'),
        eq(invoices.status, 'pending'),
      ),
    );
}

/** A document waiting for others is due now (their wait is over). */
export async function dueNow(tx: Executor, id: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(invoices.id, id));
  await wakeWorkers(tx);
}

/**
 * Whether every payment that left the stamped global has its own CFDI (stamped, or withdrawn
 * since): only then may the re-issue leave it out, so a payment is never without a CFDI.
 */
export async function departuresStamped(tx: Executor, globalId: string): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.globalInvoiceId, globalId),
        eq(invoices.globalState, 'released'),
        inArray(invoices.status, ['pending', 'failed']),
      ),
    )
    .limit(1);
  return waiting === undefined;
}

/** Stamped globals some payment left whose re-issue or cancellation may be due. */
export async function globalsLeftBehind(db: Executor): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    SELECT DISTINCT g.id FROM invoices g
    JOIN invoices p ON p.global_invoice_id = g.id AND p.global_state = 'released'
    WHERE g.document = 'global' AND g.status = 'success'
      AND NOT EXISTS (SELECT 1 FROM invoices s WHERE s.replaces_invoice_id = g.id AND s.sealed_xml IS NOT NULL)`);
  return rows.rows.map((r) => r.id);
}
