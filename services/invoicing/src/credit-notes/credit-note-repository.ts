import { and, arrayContains, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices, type InvoiceSource } from '../schema';
import { INVOICES_DUE_CHANNEL, type InvoiceRow } from '../invoices/invoice-repository';
import type { InvoiceLineRecord } from '../invoices/invoice-request-rules';
import type { CreditableInvoice } from './credit-note-rules';
import { totalOf } from './credit-note-rules';
import { lockAfterTheirGlobals } from '../global-invoices/global-lock-repository';

/** Credit notes live in `invoices` (document credit_note); this is the code that writes them. */

export interface NewCreditNote {
  cause: { kind: Extract<InvoiceSource, 'reversal' | 'adjustment' | 'staff'>; id: string };
  related: InvoiceRow;
  lines: InvoiceLineRecord[];
  /** When the money was given back (the credit note's payment date). */
  at: Date;
  /**
   * The payment given back when `related` is the global invoice that carries it (ADR 0051):
   * its student, family, part and method; the receptor stays the global's.
   */
  payment?: InvoiceRow;
  /** Why the money went back, shown beside the note (ADR 0058). */
  reason?: string | null;
}

/**
 * Records credit notes to issue, each for its income invoice and with the same receptor. One
 * per cause and invoice: a redelivered event records nothing. Returns how many were new.
 */
export async function recordCreditNotes(tx: Executor, list: NewCreditNote[]): Promise<number> {
  if (!list.length) return 0;
  const inserted = await tx
    .insert(invoices)
    .values(
      list.map(({ cause, related, lines, at, payment = related, reason = null }) => ({
        schoolId: related.schoolId,
        document: 'credit_note' as const,
        relatedInvoiceId: related.id,
        part: payment.part,
        sourceKind: cause.kind,
        sourceId: cause.id,
        studentId: payment.studentId,
        payerGuardianId: payment.payerGuardianId,
        billingGuardianId: payment.billingGuardianId,
        method: payment.method,
        paidAt: at,
        lines,
        orderIds: [...new Set(lines.map((l) => l.order_id))],
        totalCentavos: totalOf(lines),
        receptorRfc: related.receptorRfc,
        receptorName: related.receptorName,
        receptorNote: related.receptorNote,
        creditReason: reason || null,
      })),
    )
    .onConflictDoNothing({
      target: [invoices.sourceKind, invoices.sourceId, invoices.relatedInvoiceId],
      where: sql`${invoices.document} = 'credit_note'`,
    })
    .returning({ id: invoices.id });
  if (inserted.length) await tx.execute(sql`SELECT pg_notify(${INVOICES_DUE_CHANNEL}, '')`);
  return inserted.length;
}

/** The credit note a cause issued on an invoice, if it did. */
export async function creditNoteOf(
  tx: Executor,
  cause: NewCreditNote['cause'],
  relatedId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.document, 'credit_note'),
        eq(invoices.sourceKind, cause.kind),
        eq(invoices.sourceId, cause.id),
        eq(invoices.relatedInvoiceId, relatedId),
      ),
    );
  return row;
}

/**
 * A live credit note (not cancelled): what it gives back counts against its invoice. Of
 * `note`, `invoices` or an alias of it, so Facturas' list sums the same rows (ADR 0125).
 */
export const givingBack = (note: Record<'document' | 'status', AnyPgColumn>) =>
  and(eq(note.document, 'credit_note'), ne(note.status, 'canceled'));

/**
 * What the live credit notes of each invoice give back, keyed by the income invoice. On a PPD
 * invoice it is also what its next CFDI de pago no longer counts as owed (ADR 0037).
 */
export async function creditedByInvoice(tx: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: invoices.relatedInvoiceId,
      total: sql<number>`sum(${invoices.totalCentavos})::bigint`.mapWith(Number),
    })
    .from(invoices)
    .where(and(givingBack(invoices), inArray(invoices.relatedInvoiceId, ids)))
    .groupBy(invoices.relatedInvoiceId);
  return new Map(rows.map((r) => [r.id!, r.total]));
}

/** Income invoices, locked, as the credit-note rules read them. */
async function creditable(tx: Executor, rows: InvoiceRow[]): Promise<CreditableInvoice[]> {
  const credited = await creditedByInvoice(
    tx,
    rows.map((r) => r.id),
  );
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    studentId: row.studentId,
    part: row.part,
    status: row.status,
    stampedAt: row.stampedAt,
    beingStamped: row.leaseUntil !== null && row.leaseUntil.getTime() > now,
    totalCentavos: row.totalCentavos,
    lines: row.lines,
    credited: credited.get(row.id) ?? 0,
  }));
}

/**
 * A payin's income invoices (up to two per student), locked in id order after the global
 * invoices holding any of them (ADR 0050's order, as motive 04 takes them).
 */
export async function lockPayinInvoices(
  tx: Executor,
  payinId: string,
): Promise<{ rows: InvoiceRow[]; creditable: CreditableInvoice[] }> {
  const rows = await lockAfterTheirGlobals(
    tx,
    and(
      eq(invoices.document, 'invoice'),
      eq(invoices.sourceKind, 'payin'),
      eq(invoices.sourceId, payinId),
    )!,
  );
  return { rows, creditable: await creditable(tx, rows) };
}

/** Newest first (the adjustment credits the newest invoice first), ties by id descending. */
const newestFirst = (a: InvoiceRow, b: InvoiceRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The income invoices covering an order, newest first, locked; and what was credited for it.
 * A PPD invoice is among them: its credit note lowers the balance its CFDI de pago start
 * from, and the lock orders it against a payment deciding its next installment (ADR 0037).
 * Locked in ADR 0058's one order (their globals by id, then the invoices by id), as a refund
 * and a family's fiscal data lock the same rows; sorted newest first only once locked.
 */
export async function lockOrderInvoices(
  tx: Executor,
  studentId: string,
  orderId: string,
): Promise<{ rows: InvoiceRow[]; creditable: CreditableInvoice[]; creditedForOrder: number }> {
  const locked = await lockAfterTheirGlobals(
    tx,
    and(
      eq(invoices.document, 'invoice'),
      eq(invoices.studentId, studentId),
      arrayContains(invoices.orderIds, [orderId]),
    )!,
  );
  const rows = locked.sort(newestFirst);
  const notes = await tx
    .select({ lines: invoices.lines })
    .from(invoices)
    .where(
      and(
        eq(invoices.document, 'credit_note'),
        eq(invoices.studentId, studentId),
        arrayContains(invoices.orderIds, [orderId]),
        ne(invoices.status, 'canceled'),
      ),
    );
  const creditedForOrder = notes
    .flatMap((n) => n.lines)
    .filter((l) => l.order_id === orderId)
    .reduce((s, l) => s + l.base_centavos, 0);
  return { rows, creditable: await creditable(tx, rows), creditedForOrder };
}

/** One income invoice, locked, as the rules read it (staff's emit_credit_note). */
export async function creditableOf(tx: Executor, row: InvoiceRow): Promise<CreditableInvoice> {
  const [one] = await creditable(tx, [row]);
  return one!;
}
