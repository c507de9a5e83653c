import { randomUUID } from 'node:crypto';
import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { invoiceFailedV1 } from '@cuota/contracts/events/invoicing.invoice.failed.v1';
import { invoiceStampedV1 } from '@cuota/contracts/events/invoicing.invoice.stamped.v1';
import { invoices, type InvoiceErrorSource, type InvoiceStatus } from '../schema';
import type { InvoiceRequest } from './invoice-request-rules';

/** The only code that touches `invoices`. */
export type InvoiceRow = typeof invoices.$inferSelect;

/** Wakes the stamping workers of every process (LISTEN/NOTIFY, delivered at commit). */
export const INVOICES_DUE_CHANNEL = 'invoicing_invoices_due';

export const wakeWorkers = (tx: Executor) =>
  tx.execute(sql`SELECT pg_notify(${INVOICES_DUE_CHANNEL}, '')`);

export interface NewInvoice extends InvoiceRequest {
  billingGuardianId: string | null;
  receptorRfc: string;
  receptorName: string;
  receptorNote: string | null;
}

/**
 * Records invoices to issue. One per source, student and part: a request already recorded (a
 * redelivered or duplicated event) is left as it is. Returns how many were new.
 */
export async function recordInvoices(tx: Executor, list: NewInvoice[]): Promise<number> {
  if (!list.length) return 0;
  const inserted = await tx
    .insert(invoices)
    .values(
      list.map((r) => ({
        schoolId: r.schoolId,
        sourceKind: r.kind,
        sourceId: r.id,
        studentId: r.studentId,
        part: r.part,
        payerGuardianId: r.payerGuardianId,
        billingGuardianId: r.billingGuardianId,
        method: r.method,
        paidAt: r.paidAt,
        lines: r.lines,
        orderIds: r.orderIds,
        totalCentavos: r.totalCentavos,
        receptorRfc: r.receptorRfc,
        receptorName: r.receptorName,
        receptorNote: r.receptorNote,
        guestReceptor: r.guestReceptor ?? null,
        guestEmail: r.guestEmail ?? null,
      })),
    )
    .onConflictDoNothing({
      target: [invoices.sourceKind, invoices.sourceId, invoices.studentId, invoices.part],
      where: sql`${invoices.document} = 'invoice' AND ${invoices.replacesInvoiceId} IS NULL`,
    })
    .returning({ id: invoices.id });
  if (inserted.length) await wakeWorkers(tx);
  return inserted.length;
}

/**
 * Records the substitute of a stamped income invoice (`reinvoice`): the same payment, student,
 * part and lines, built again from today's data and related to it (TipoRelacion 04). One per
 * invoice: asking again answers the one recorded.
 */
export async function recordSubstitute(tx: Executor, old: InvoiceRow): Promise<InvoiceRow> {
  await tx
    .insert(invoices)
    .values({
      schoolId: old.schoolId,
      replacesInvoiceId: old.id,
      part: old.part,
      sourceKind: old.sourceKind,
      sourceId: old.sourceId,
      studentId: old.studentId,
      payerGuardianId: old.payerGuardianId,
      billingGuardianId: old.billingGuardianId,
      method: old.method,
      paidAt: old.paidAt,
      lines: old.lines,
      orderIds: old.orderIds,
      totalCentavos: old.totalCentavos,
      receptorRfc: old.receptorRfc,
      receptorName: old.receptorName,
      receptorNote: old.receptorNote,
    })
    .onConflictDoNothing({
      target: invoices.replacesInvoiceId,
      where: sql`${invoices.replacesInvoiceId} IS NOT NULL`,
    });
  await wakeWorkers(tx);
  return (await substituteOf(tx, old.id))!;
}

/** The invoice recorded to substitute this one, if any. */
export async function substituteOf(tx: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.replacesInvoiceId, id));
  return row;
}

export interface Lease {
  id: string;
  token: string;
}

/**
 * Stamped on its own: not a payment held for its period's global invoice (ADR 0042), nor a
 * DoctoRelacionado another CFDI de pago carries (ADR 0037: its carrier is stamped for it).
 */
const notHeld = sql`${invoices.globalState} IS DISTINCT FROM 'held' AND ${invoices.carriedByInvoiceId} IS NULL`;

/**
 * Takes up to `limit` pending invoices whose time has come and that no live worker holds,
 * for `leaseMs`. SKIP LOCKED lets workers of several processes share the queue.
 */
export async function claimDueInvoices(
  db: Executor,
  limit: number,
  leaseMs: number,
): Promise<InvoiceRow[]> {
  const token = randomUUID();
  const due = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'pending'),
        notHeld,
        sql`${invoices.nextAttemptAt} <= now()`,
        sql`(${invoices.leaseUntil} IS NULL OR ${invoices.leaseUntil} < now())`,
      ),
    )
    .orderBy(invoices.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(invoices)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      leaseToken: token,
      attempts: sql`${invoices.attempts} + 1`,
    })
    .where(inArray(invoices.id, due))
    .returning();
}

/** When the next pending invoice falls due (the worker sleeps until then at most). */
export async function nextDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date>`min(${invoices.nextAttemptAt})`.mapWith((v) => new Date(v)) })
    .from(invoices)
    .where(and(eq(invoices.status, 'pending'), notHeld));
  return row?.at && !Number.isNaN(row.at.getTime()) ? row.at : null;
}

const leased = (lease: Lease) =>
  and(eq(invoices.id, lease.id), eq(invoices.leaseToken, lease.token)) as SQL;

/** The invoice, locked, if this worker still holds it. */
export async function lockLeased(tx: Executor, lease: Lease): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(leased(lease)).for('update');
  return row;
}

export interface BuiltInvoice {
  fiscalEntityId: string;
  billingGuardianId: string | null;
  receptorRfc: string;
  receptorName: string;
  receptorNote: string | null;
  series: string;
  folio: string;
  sealedXml: string;
  issuedAt: Date;
}

/**
 * A público-en-general payment of an entity that invoices such payments globally: out of the
 * stamping queue until its period's global invoice collects it (ADR 0042).
 */
export async function holdForGlobal(
  tx: Executor,
  lease: Lease,
  held: Pick<
    BuiltInvoice,
    'fiscalEntityId' | 'billingGuardianId' | 'receptorRfc' | 'receptorName' | 'receptorNote'
  >,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ ...held, globalState: 'held', leaseUntil: null, leaseToken: null })
    .where(leased(lease));
}

export async function saveBuilt(tx: Executor, lease: Lease, built: BuiltInvoice): Promise<void> {
  await tx.update(invoices).set(built).where(leased(lease));
}

/**
 * Stamped: the PAC's XML and UUID, and `invoicing.invoice.stamped` in the same commit.
 * Answers the stamped invoice, or nothing when this worker no longer held it.
 */
export async function markStamped(
  tx: Executor,
  lease: Lease,
  stamp: { uuid: string; xml: string },
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({
      status: 'success',
      uuid: stamp.uuid,
      stampedXml: stamp.xml,
      stampedAt: sql`now()`,
      errorCode: null,
      errorMessage: null,
      errorSource: null,
      leaseUntil: null,
      leaseToken: null,
    })
    .where(leased(lease))
    .returning();
  if (!row) return undefined;
  await enqueueEvent(tx, invoiceStampedV1, {
    invoice_id: row.id,
    school_id: row.schoolId,
    source_id: row.sourceId,
    order_ids: row.orderIds,
    uuid: stamp.uuid,
    total_centavos: row.totalCentavos,
  });
  return row;
}

/**
 * Failed: the refusal recorded, and `invoicing.invoice.failed` in the same commit (ADR 0103),
 * once per failure — nothing when this worker no longer held the invoice.
 */
export async function markFailed(
  tx: Executor,
  lease: Lease,
  error: { code: string; message: string; source: InvoiceErrorSource },
): Promise<void> {
  const [row] = await tx
    .update(invoices)
    .set({
      status: 'failed',
      errorCode: error.code,
      errorMessage: error.message,
      errorSource: error.source,
      leaseUntil: null,
      leaseToken: null,
    })
    .where(leased(lease))
    .returning();
  if (!row) return;
  await enqueueEvent(tx, invoiceFailedV1, {
    invoice_id: row.id,
    school_id: row.schoolId,
    document: row.document,
    total_centavos: row.totalCentavos,
    error_code: error.code,
    error_message: error.message,
    error_source: error.source,
  });
}

/** Not now: released to be taken again after `delayMs`. */
export async function postpone(db: Executor, lease: Lease, delayMs: number): Promise<void> {
  await db
    .update(invoices)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      leaseUntil: null,
      leaseToken: null,
    })
    .where(leased(lease));
}

/**
 * Staff asked again: a failed invoice is rebuilt from today's data (new Fecha and seal, same
 * folio); a pending one is simply due now. A DoctoRelacionado another CFDI de pago carries
 * is asked again as that CFDI (its carrier). Returns the invoice as it is after the request.
 */
export async function requestAgain(tx: Executor, row: InvoiceRow): Promise<InvoiceRow> {
  if (row.carriedByInvoiceId) {
    const carrier = await invoiceById(tx, row.carriedByInvoiceId);
    if (carrier) await requestAgain(tx, carrier);
    return (await invoiceById(tx, row.id))!;
  }
  const rebuild =
    row.status === 'failed'
      ? { status: 'pending' as InvoiceStatus, sealedXml: null, issuedAt: null, attempts: 0 }
      : {};
  const [updated] = await tx
    .update(invoices)
    .set({
      ...rebuild,
      errorCode: null,
      errorMessage: null,
      errorSource: null,
      nextAttemptAt: sql`now()`,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  await wakeWorkers(tx);
  return updated!;
}

/**
 * Errors a new attempt cannot cure: what the document relates to is gone. Left out of a
 * massive retry so it does not churn through them on every call.
 */
const HOPELESS_ERRORS = ['FACTURA_CANCELADA', 'COMPLEMENTO_CANCELADO'];

/**
 * The school's failed documents (all, or those of `ids`) back to `pending`, rebuilt from
 * today's data like `requestAgain`. Returns their ids; already pending ones are not counted.
 */
export async function retryFailedOfSchool(
  tx: Executor,
  schoolId: string,
  ids?: readonly string[],
): Promise<string[]> {
  const rows = await tx
    .update(invoices)
    .set({
      status: 'pending',
      sealedXml: null,
      issuedAt: null,
      attempts: 0,
      errorCode: null,
      errorMessage: null,
      errorSource: null,
      nextAttemptAt: sql`now()`,
    })
    .where(
      and(
        eq(invoices.schoolId, schoolId),
        eq(invoices.status, 'failed'),
        or(isNull(invoices.errorCode), notInArray(invoices.errorCode, HOPELESS_ERRORS)),
        // A DoctoRelacionado another CFDI de pago carries is retried as that CFDI.
        isNull(invoices.carriedByInvoiceId),
        ids ? inArray(invoices.id, carriersOf(ids)) : undefined,
      ),
    )
    .returning({ id: invoices.id });
  if (rows.length) await wakeWorkers(tx);
  return rows.map((r) => r.id);
}

/** The rows that are the CFDI of these documents: each one, or the CFDI de pago carrying it. */
const carriersOf = (ids: readonly string[]) =>
  sql`(SELECT coalesce(${invoices.carriedByInvoiceId}, ${invoices.id}) FROM ${invoices}
       WHERE ${invoices.id} IN ${[...ids]})`;

export async function invoiceById(db: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The school's invoice with this folio fiscal (UUIDs are upper case as the PAC writes them). */
export async function invoiceOfUuid(
  db: Executor,
  schoolId: string,
  uuid: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.uuid, uuid.toUpperCase())));
  return row;
}

export async function lockInvoice(tx: Executor, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

/**
 * What a payment issued in a school, the first recorded first: its income invoices and its
 * CFDI de pago, each complement's restatements after a partial refund among them (their
 * source is the reversal, so they are reached through `replaces_invoice_id`).
 */
export function documentsOfPayin(
  db: Executor,
  schoolId: string,
  payinId: string,
): Promise<InvoiceRow[]> {
  const restated = sql`${invoices.id} IN (
    WITH RECURSIVE chain AS (
      SELECT id FROM invoices
        WHERE document = 'payment' AND source_kind = 'payin' AND source_id = ${payinId}
      UNION SELECT s.id FROM invoices s JOIN chain c ON s.replaces_invoice_id = c.id
    ) SELECT id FROM chain)`;
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.schoolId, schoolId),
        or(
          and(
            inArray(invoices.document, ['invoice', 'payment']),
            eq(invoices.sourceKind, 'payin'),
            eq(invoices.sourceId, payinId),
          ),
          restated,
        ),
      ),
    )
    .orderBy(invoices.createdAt, invoices.id);
}

/**
 * The invoices that cover an order of a student, newest first. A credit note on a global
 * invoice names the refunded payment's student and orders, but it is the school's público en
 * general document (ADR 0051), not the family's: it is left out, like the global itself.
 */
export function invoicesOfOrder(
  db: Executor,
  studentId: string,
  orderId: string,
): Promise<InvoiceRow[]> {
  return (
    db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.studentId, studentId),
          arrayContains(invoices.orderIds, [orderId]),
          sql`NOT (${invoices.document} = 'credit_note' AND ${invoices.relatedInvoiceId} IN
          (SELECT g.id FROM invoices g WHERE g.document = 'global'))`,
        ),
      )
      // An order's two CFDI of one payment are made together: the colegiatura comes first
      // ('tuition' > 'other'), every time (the family's history lists them in this order).
      .orderBy(desc(invoices.createdAt), desc(invoices.part), desc(invoices.id))
  );
}

/** Facturas' filters: a status, and a search in RFC, name, serie-folio or UUID. */
export interface InvoiceFilter {
  status?: string;
  search?: string;
}

const p = sql.placeholder;

/** Which filters a query has (`s` status, `q` search): one statement per shape (ADR 0034). */
export const invoiceShapeOf = (f: InvoiceFilter) => `${f.status ? 's' : ''}${f.search ? 'q' : ''}`;

/** The placeholders' values of `schoolInvoicesWhere`. */
export const invoiceFilterValues = (schoolId: string, f: InvoiceFilter) => ({
  schoolId,
  status: f.status,
  like: f.search ? `%${f.search.replace(/[\\%_]/g, '\\$&')}%` : undefined,
});

/** The school's invoices the filters of a shape keep, with placeholders for their values. */
export const schoolInvoicesWhere = (shape: string) =>
  and(
    eq(invoices.schoolId, p('schoolId')),
    shape.includes('s') ? sql`${invoices.status} = ${p('status')}` : undefined,
    shape.includes('q')
      ? or(
          ilike(invoices.receptorRfc, p('like')),
          ilike(invoices.receptorName, p('like')),
          ilike(
            sql`coalesce(${invoices.series}, '') || '-' || coalesce(${invoices.folio}, '')`,
            p('like'),
          ),
          ilike(invoices.uuid, p('like')),
        )
      : undefined,
  );

/** One file per CFDI: a DoctoRelacionado another CFDI de pago carries is in its carrier's. */
const withFiles = (shape: string) =>
  and(
    schoolInvoicesWhere(shape),
    isNotNull(invoices.stampedXml),
    isNull(invoices.carriedByInvoiceId),
  );

const filteredStatements = preparedPerDatabase((db: Executor, shape: string) => ({
  count: db
    .select({ n: count() })
    .from(invoices)
    .where(schoolInvoicesWhere(shape))
    .prepare(`invoices_count_${shape}`),
  stampedCount: db
    .select({ n: count() })
    .from(invoices)
    .where(withFiles(shape))
    .prepare(`invoices_stamped_count_${shape}`),
  stamped: db
    .select()
    .from(invoices)
    .where(withFiles(shape))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(p('limit'))
    .prepare(`invoices_stamped_${shape}`),
}));

/** How many of the school's invoices the filters match. */
export async function countInvoices(
  db: Executor,
  schoolId: string,
  filter: InvoiceFilter,
): Promise<number> {
  const [row] = await filteredStatements(db, invoiceShapeOf(filter)).count.execute(
    invoiceFilterValues(schoolId, filter),
  );
  return row!.n;
}

/**
 * The stamped invoices (those with files) the list's filters match, newest first, up to
 * `limit`; and how many match in all.
 */
export async function stampedInvoicesOfSchool(
  db: Executor,
  schoolId: string,
  filter: InvoiceFilter,
  limit: number,
): Promise<{ count: number; rows: (InvoiceRow & { stampedXml: string })[] }> {
  const statements = filteredStatements(db, invoiceShapeOf(filter));
  const values = invoiceFilterValues(schoolId, filter);
  const [counted, rows] = await Promise.all([
    statements.stampedCount.execute(values),
    statements.stamped.execute({ ...values, limit }),
  ]);
  return { count: counted[0]!.n, rows: rows as (InvoiceRow & { stampedXml: string })[] };
}

/** How many of a school's invoices the PAC refused (they wait for corrected data and a retry). */
export const failedInvoiceCount = (db: Executor, schoolId: string): Promise<number> =>
  countInvoices(db, schoolId, { status: 'failed' });
