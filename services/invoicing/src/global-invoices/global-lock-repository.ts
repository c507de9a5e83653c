import { asc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices } from '../schema';
import { lockInvoice, type InvoiceRow } from '../invoices/invoice-repository';

/**
 * The payments `which` selects, locked after the global invoices holding them. Every path
 * that changes a global's membership (motive 04, a refund, a family's data, the collector)
 * takes the global first and its payments second (ADR 0050), so no two wait on each other.
 * Read again when a payment moved to a global not locked yet meanwhile.
 */
export async function lockAfterTheirGlobals(tx: Executor, which: SQL): Promise<InvoiceRow[]> {
  const locked = new Set<string>();
  for (;;) {
    const seen = await tx.select().from(invoices).where(which);
    for (const id of heldGlobalIds(seen).filter((id) => !locked.has(id))) {
      await lockInvoice(tx, id);
      locked.add(id);
    }
    const rows = await tx
      .select()
      .from(invoices)
      .where(which)
      .orderBy(asc(invoices.id))
      .for('update');
    if (heldGlobalIds(rows).every((id) => locked.has(id))) return rows;
  }
}

/** One payment, locked after the global invoice holding it. */
export async function lockAfterItsGlobal(tx: Executor, id: string): Promise<InvoiceRow> {
  const [row] = await lockAfterTheirGlobals(tx, eq(invoices.id, id));
  return row!;
}

/** The globals holding these payments, in id order (two lockers never cross). */
const heldGlobalIds = (rows: InvoiceRow[]) =>
  [
    ...new Set(
      rows.flatMap((row) =>
        row.globalState === 'held' && row.globalInvoiceId ? [row.globalInvoiceId] : [],
      ),
    ),
  ].sort();
