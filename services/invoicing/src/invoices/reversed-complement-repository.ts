import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices } from '../schema';
import { INVOICES_DUE_CHANNEL, lockInvoice, type InvoiceRow } from './invoice-repository';
import type { InvoiceLineRecord } from './invoice-request-rules';
import type { ReversibleComplement } from './reversed-complement-rules';

/** The writes a reversed payment makes to its CFDI de pago (ADR 0037). */

/**
 * The CFDI de pago a payin issued, each as it stands now — the newest of its substitutes when
 * an earlier partial refund replaced it — locked in id order.
 */
export async function lockPayinComplements(tx: Executor, payinId: string): Promise<InvoiceRow[]> {
  const issued = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.document, 'payment'),
        eq(invoices.sourceKind, 'payin'),
        eq(invoices.sourceId, payinId),
      ),
    )
    .orderBy(invoices.id)
    .for('update');
  const current: InvoiceRow[] = [];
  for (const first of issued) {
    let row = first;
    for (let next = await lockedSubstituteOf(tx, row.id); next;) {
      row = next;
      next = await lockedSubstituteOf(tx, row.id);
    }
    current.push(row);
  }
  return current;
}

async function lockedSubstituteOf(tx: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.replacesInvoiceId, id));
  return row ? lockInvoice(tx, row.id) : undefined;
}

/**
 * A complement as the reversal rules read it. One whose sealed XML went to the PAC without
 * an answer yet may be stamped already, so it counts as being stamped.
 */
export function reversibleOf(row: InvoiceRow, now = Date.now()): ReversibleComplement {
  const leased = row.leaseUntil !== null && row.leaseUntil.getTime() > now;
  return {
    id: row.id,
    studentId: row.studentId,
    part: row.part,
    status: row.status,
    beingStamped: leased || (row.status === 'pending' && row.sealedXml !== null),
    lines: row.lines,
    totalCentavos: row.totalCentavos,
  };
}

const totalOf = (lines: InvoiceLineRecord[]) => lines.reduce((s, l) => s + l.base_centavos, 0);

/**
 * The complement for what the family kept, replacing `old`: the same payment, PPD invoice,
 * NumParcialidad and ImpSaldoAnt, keyed by the reversal (a redelivery records nothing). When
 * `old` is stamped it relates to its UUID (04) and, once stamped, SAT cancels `old` with
 * motive 01; when `old` was withdrawn unsent, there is nothing at SAT to relate to.
 */
export async function recordComplementSubstitute(
  tx: Executor,
  old: InvoiceRow,
  reversalId: string,
  kept: InvoiceLineRecord[],
  carriedBy: string | null = null,
): Promise<string | undefined> {
  const [row] = await tx
    .insert(invoices)
    .values({
      schoolId: old.schoolId,
      document: 'payment',
      relatedInvoiceId: old.relatedInvoiceId,
      replacesInvoiceId: old.id,
      fiscalEntityId: old.fiscalEntityId,
      part: old.part,
      sourceKind: 'reversal',
      sourceId: reversalId,
      studentId: old.studentId,
      payerGuardianId: old.payerGuardianId,
      billingGuardianId: old.billingGuardianId,
      method: old.method,
      paidAt: old.paidAt,
      lines: kept,
      orderIds: [...new Set(kept.map((l) => l.order_id))],
      totalCentavos: totalOf(kept),
      installment: old.installment,
      balanceBeforeCentavos: old.balanceBeforeCentavos,
      carriedByInvoiceId: carriedBy,
      receptorRfc: old.receptorRfc,
      receptorName: old.receptorName,
      receptorNote: old.receptorNote,
    })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  await tx.execute(sql`SELECT pg_notify(${INVOICES_DUE_CHANNEL}, '')`);
  return row?.id;
}

/**
 * Whether this reversal already restated a complement: the same reversal in a new envelope
 * (the inbox only knows envelopes) must not take the money back twice from the restatement.
 */
export async function reversalRestatedComplement(
  tx: Executor,
  reversalId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.document, 'payment'),
        eq(invoices.sourceKind, 'reversal'),
        eq(invoices.sourceId, reversalId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * What a restated complement stands in for at SAT: up its `replaces_invoice_id` chain, past
 * restatements withdrawn before they were sent, the first one SAT has (or may have). None:
 * the chain began with a complement withdrawn unsent, and nothing at SAT needs replacing.
 */
export async function issuedAncestorOf(
  tx: Executor,
  row: InvoiceRow,
  read: (tx: Executor, id: string) => Promise<InvoiceRow | undefined> = lockInvoice,
): Promise<InvoiceRow | undefined> {
  let id = row.replacesInvoiceId;
  while (id) {
    const ancestor = await read(tx, id);
    if (!ancestor || ancestor.uuid || ancestor.status !== 'canceled') return ancestor;
    id = ancestor.replacesInvoiceId;
  }
  return undefined;
}
