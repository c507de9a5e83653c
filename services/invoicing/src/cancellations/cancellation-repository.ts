import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CancellationMotive } from '@cuota/contracts/invoicing/cancellations';
import type { Executor } from '@cuota/messaging/transaction';
import { invoiceCancellations, invoices, type CancellationState } from '../schema';
import { lockInvoice, type InvoiceRow } from '../invoices/invoice-repository';

/** The only code that touches `invoice_cancellations`. */
export type CancellationRow = typeof invoiceCancellations.$inferSelect;

/** Wakes the cancellation workers of every process (delivered at commit). */
export const CANCELLATIONS_DUE_CHANNEL = 'invoicing_cancellations_due';

const OPEN: CancellationState[] = ['requested', 'in_process'];

export interface CancellationAsked {
  motive: CancellationMotive;
  substituteUuid: string | null;
  reason: string | null;
  requestedBy: string | null;
}

/**
 * Records the request to cancel a stamped invoice (locked by the caller) and shows it
 * «En cancelación». The invoice's open request, when there is one, is the answer: asking
 * again never makes a second request to the PAC.
 */
export async function askCancellation(
  tx: Executor,
  document: InvoiceRow,
  asked: CancellationAsked,
): Promise<{ invoice: InvoiceRow; cancellation: CancellationRow; created: boolean }> {
  const invoice = await cfdiOf(tx, document);
  const open = await openCancellationOf(tx, invoice.id);
  if (open) return { invoice, cancellation: open, created: false };
  const [cancellation] = await tx
    .insert(invoiceCancellations)
    .values({ ...asked, invoiceId: invoice.id, schoolId: invoice.schoolId })
    .returning();
  const [updated] = await tx
    .update(invoices)
    .set({ status: 'canceling', cancellationNote: null })
    .where(eq(invoices.id, invoice.id))
    .returning();
  await tx.execute(sql`SELECT pg_notify(${CANCELLATIONS_DUE_CHANNEL}, '')`);
  return { invoice: updated!, cancellation: cancellation!, created: true };
}

export async function openCancellationOf(
  db: Executor,
  invoiceId: string,
): Promise<CancellationRow | undefined> {
  const [row] = await db
    .select()
    .from(invoiceCancellations)
    .where(
      and(eq(invoiceCancellations.invoiceId, invoiceId), inArray(invoiceCancellations.state, OPEN)),
    );
  return row;
}

/** A never-stamped invoice nobody is stamping right now is withdrawn without the PAC. */
export async function withdrawUnstamped(tx: Executor, document: InvoiceRow): Promise<InvoiceRow> {
  const invoice = await cfdiOf(tx, document);
  const [row] = await tx
    .update(invoices)
    .set({ status: 'canceled', leaseUntil: null, leaseToken: null })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return row!;
}

/**
 * The row that is the CFDI: a DoctoRelacionado another CFDI de pago carries is cancelled or
 * withdrawn with its carrier, which a trigger copies to its riders (ADR 0037).
 */
async function cfdiOf(tx: Executor, row: InvoiceRow): Promise<InvoiceRow> {
  if (!row.carriedByInvoiceId) return row;
  return (await lockInvoice(tx, row.carriedByInvoiceId)) ?? row;
}

export interface CancellationLease {
  id: string;
  token: string;
}

/** Open requests whose time has come and that no live worker holds, for `leaseMs`. */
export async function claimDueCancellations(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<CancellationRow[]> {
  const token = randomUUID();
  const due = db
    .select({ id: invoiceCancellations.id })
    .from(invoiceCancellations)
    .where(
      and(
        inArray(invoiceCancellations.state, OPEN),
        sql`${invoiceCancellations.nextAttemptAt} <= now()`,
        sql`(${invoiceCancellations.leaseUntil} IS NULL OR ${invoiceCancellations.leaseUntil} < now())`,
      ),
    )
    .orderBy(invoiceCancellations.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(invoiceCancellations)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      leaseToken: token,
      attempts: sql`${invoiceCancellations.attempts} + 1`,
    })
    .where(inArray(invoiceCancellations.id, due))
    .returning();
}

export async function nextCancellationDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date>`min(${invoiceCancellations.nextAttemptAt})`.mapWith((v) => new Date(v)),
    })
    .from(invoiceCancellations)
    .where(inArray(invoiceCancellations.state, OPEN));
  return row?.at && !Number.isNaN(row.at.getTime()) ? row.at : null;
}

const held = (lease: CancellationLease) =>
  and(
    eq(invoiceCancellations.id, lease.id),
    eq(invoiceCancellations.leaseToken, lease.token),
  ) as SQL;

const released = { leaseUntil: null, leaseToken: null } as const;

/**
 * SAT took the request: the receptor may still answer, so ask SAT again after `delayMs`.
 * `note`, when SAT is waiting for the receptor, is shown beside «En cancelación».
 */
export async function markInProcess(
  tx: Executor,
  lease: CancellationLease,
  sat: { folioStatus: string; acuse: string } | null,
  note: string | null,
  delayMs: number,
): Promise<void> {
  const [row] = await tx
    .update(invoiceCancellations)
    .set({
      ...released,
      ...(sat ?? {}),
      state: 'in_process',
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(held(lease))
    .returning({ invoiceId: invoiceCancellations.invoiceId });
  if (row && note)
    await tx
      .update(invoices)
      .set({ cancellationNote: note })
      .where(and(eq(invoices.id, row.invoiceId), eq(invoices.status, 'canceling')));
}

/** Not now (the PAC did not answer): released to be taken again after `delayMs`. */
export async function postponeCancellation(
  db: Executor,
  lease: CancellationLease,
  delayMs: number,
): Promise<void> {
  await db
    .update(invoiceCancellations)
    .set({ ...released, nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(held(lease));
}

export type CancellationEnd =
  /** `note`: how SAT ended it (without acceptance, accepted, the receptor's time ran out). */
  | { state: 'canceled'; note: string | null; sat?: { folioStatus: string; acuse: string } }
  /** The invoice stays stamped, with `note` saying why. */
  | { state: 'rejected' | 'refused'; note: string; error?: { code: string; message: string } };

/** The request is over: the invoice is «Cancelada», or «Timbrada» again with the reason. */
export async function settleCancellation(
  tx: Executor,
  lease: CancellationLease,
  end: CancellationEnd,
): Promise<boolean> {
  const [row] = await tx
    .update(invoiceCancellations)
    .set({
      ...released,
      state: end.state,
      settledAt: sql`now()`,
      ...(end.state === 'canceled'
        ? (end.sat ?? {})
        : { errorCode: end.error?.code ?? null, errorMessage: end.error?.message ?? null }),
    })
    .where(held(lease))
    .returning();
  if (!row) return false;
  await tx
    .update(invoices)
    .set(
      end.state === 'canceled'
        ? { status: 'canceled', cancellationNote: end.note }
        : { status: 'success', cancellationNote: end.note },
    )
    .where(eq(invoices.id, row.invoiceId));
  return true;
}
