import { and, arrayOverlaps, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices } from '../schema';
import { INVOICES_DUE_CHANNEL, type InvoiceRow } from './invoice-repository';
import type { PaymentFacts } from './invoice-request-rules';
import type { Installment } from './payment-installments';
import type { PpdPayment } from './payment-complement-rules';

/** CFDI de pago live in `invoices` (document `payment`); this is the code that writes them. */

/**
 * The PPD invoices (not cancelled) covering any of these orders, locked in id order: two
 * payments of one invoice take their installment numbers one after the other.
 */
export function lockPpdInvoicesOfOrders(
  tx: Executor,
  schoolId: string,
  orderIds: string[],
): Promise<InvoiceRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.schoolId, schoolId),
        eq(invoices.document, 'invoice'),
        eq(invoices.sourceKind, 'billing'),
        arrayOverlaps(invoices.orderIds, orderIds),
        notInArray(invoices.status, ['canceled', 'canceling']),
      ),
    )
    .orderBy(invoices.id)
    .for('update');
}

/** What the standing CFDI de pago of one PPD invoice paid, and its highest NumParcialidad. */
export interface LivePayments {
  paid: number[];
  lastNumber: number;
}

/**
 * A standing CFDI de pago (`livePaymentsOnPpds` says which): of `complement`, `invoices` or an
 * alias of it, so Facturas' list sums the same rows in its statement (ADR 0125).
 */
export const standingPayment = (
  complement: Record<'id' | 'document' | 'status' | 'carriedByInvoiceId', AnyPgColumn>,
) =>
  and(
    eq(complement.document, 'payment'),
    notInArray(complement.status, ['canceled', 'canceling']),
    sql`NOT EXISTS (SELECT 1 FROM invoices s JOIN invoices m ON s.replaces_invoice_id = m.id
          WHERE ${ofItsCfdi(sql`coalesce(${complement.carriedByInvoiceId}, ${complement.id})`)}
            AND s.status <> 'canceled')`,
  );

/**
 * The documents `m` of one CFDI de pago (its carrier `cfdi` and the riders it carries):
 * `coalesce(m.carried_by_invoice_id, m.id) = cfdi`, written so each side is an index lookup
 * (the primary key, invoices_carried_by_idx). Compared through coalesce, the planner read every
 * invoice for each complement: estimated so high that JIT compiled Facturas' page (2 s).
 */
const ofItsCfdi = (cfdi: SQL) => sql`(m.id = ${cfdi} AND m.carried_by_invoice_id IS NULL
  OR m.carried_by_invoice_id = ${cfdi})`;

/**
 * What the standing CFDI de pago of each PPD invoice among `ppdIds` paid (in installment
 * order), and the highest NumParcialidad among them, in one query; an invoice without any is
 * left out. A complement cancelled or in cancellation (its payment was given back) pays
 * nothing, and one with a recorded substitute counts as its substitute (what the family
 * kept). A CFDI de pago of several PPD invoices is restated whole, so once any of its
 * documents has a substitute none of them counts: a document given back entirely has no
 * substitute and is owed again at once, before SAT cancels the old CFDI.
 */
export async function livePaymentsOnPpds(
  tx: Executor,
  ppdIds: readonly string[],
): Promise<Map<string, LivePayments>> {
  const live = new Map<string, LivePayments>();
  if (!ppdIds.length) return live;
  const rows = await tx
    .select({
      ppdId: invoices.relatedInvoiceId,
      paid: invoices.totalCentavos,
      installment: invoices.installment,
    })
    .from(invoices)
    .where(and(standingPayment(invoices), inArray(invoices.relatedInvoiceId, [...new Set(ppdIds)])))
    .orderBy(asc(invoices.relatedInvoiceId), asc(invoices.installment));
  for (const row of rows) {
    const payments = live.get(row.ppdId!) ?? { paid: [], lastNumber: 0 };
    payments.paid.push(row.paid);
    payments.lastNumber = Math.max(payments.lastNumber, row.installment ?? 0);
    live.set(row.ppdId!, payments);
  }
  return live;
}

/**
 * Records a payment's CFDI de pago on a PPD invoice, made out to the PPD invoice's receptor;
 * `carriedBy` when another PPD invoice's row of the same payment and receptor is the CFDI that
 * carries it. One per payment and invoice: a redelivered event records nothing. Returns the
 * new row's id, or nothing when it was recorded before.
 */
export async function recordPaymentComplement(
  tx: Executor,
  source: PaymentFacts,
  ppd: InvoiceRow,
  payment: PpdPayment,
  installment: Installment,
  carriedBy: string | null = null,
): Promise<string | undefined> {
  const inserted = await tx
    .insert(invoices)
    .values({
      schoolId: ppd.schoolId,
      document: 'payment',
      relatedInvoiceId: ppd.id,
      part: ppd.part,
      sourceKind: source.kind,
      sourceId: source.id,
      studentId: ppd.studentId,
      payerGuardianId: source.payerGuardianId,
      billingGuardianId: ppd.billingGuardianId,
      method: source.method,
      paidAt: source.paidAt,
      lines: payment.lines,
      orderIds: [...new Set(payment.lines.map((l) => l.order_id))],
      totalCentavos: installment.paidCentavos,
      installment: installment.installment,
      balanceBeforeCentavos: installment.balanceBeforeCentavos,
      carriedByInvoiceId: carriedBy,
      receptorRfc: ppd.receptorRfc,
      receptorName: ppd.receptorName,
      receptorNote: ppd.receptorNote,
    })
    .onConflictDoNothing({
      target: [invoices.sourceKind, invoices.sourceId, invoices.relatedInvoiceId],
      where: sql`${invoices.document} = 'payment'`,
    })
    .returning({ id: invoices.id });
  if (inserted.length) await tx.execute(sql`SELECT pg_notify(${INVOICES_DUE_CHANNEL}, '')`);
  return inserted[0]?.id;
}

/** The DoctoRelacionado rows a CFDI de pago carries besides its own, in id order. */
export async function ridersOf(tx: Executor, carrierId: string): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(eq(invoices.carriedByInvoiceId, carrierId))
    .orderBy(asc(invoices.id));
}

/** A CFDI de pago's PPD invoice, as stamped (the complement relates to its UUID). */
export async function ppdInvoicesByIds(tx: Executor, ids: string[]): Promise<InvoiceRow[]> {
  if (!ids.length) return [];
  return tx.select().from(invoices).where(inArray(invoices.id, ids));
}
