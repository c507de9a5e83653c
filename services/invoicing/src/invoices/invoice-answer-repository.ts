import { desc, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@cuota/messaging/transaction';
import { isoTime } from '@cuota/service-runtime/db/json-answer';
import { inWindow, windowOf, windowValues } from '@cuota/service-runtime/db/page-window';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { invoices } from '../schema';
import { givingBack } from '../credit-notes/credit-note-repository';
import { standingPayment } from './payment-complement-repository';
import {
  invoiceFilterValues,
  invoiceShapeOf,
  schoolInvoicesWhere,
  type InvoiceFilter,
} from './invoice-repository';

/**
 * Facturas' list (contracts' `Invoice`, as `invoiceView` and the list's two extra fields),
 * written as JSON by PostgreSQL in the statement that finds the page: the folio of the invoice
 * each row relates to, and what a credit note may still give back of a stamped income invoice
 * (its total less its live credit notes and, on a PPD invoice, less what its standing CFDI de
 * pago paid: `creditableRoom`'s rule on the rows `creditedByInvoice` and `livePaymentsOnPpds`
 * sum). One round trip and no row mapping in the service: the list issued four statements and
 * mapped 45 columns a row (ADR 0125).
 */

const related = alias(invoices, 'related');
const creditNote = alias(invoices, 'credit_note');
const complement = alias(invoices, 'complement');

/** Serie-folio («A-3») of the invoice a credit note or a CFDI de pago relates to. */
const relatedFolio = sql`(SELECT ${related.series} || '-' || ${related.folio} FROM invoices related
  WHERE ${related.id} = ${invoices.relatedInvoiceId} AND ${related.folio} IS NOT NULL)`;

const credited = sql`(SELECT coalesce(sum(${creditNote.totalCentavos}), 0) FROM invoices credit_note
  WHERE ${creditNote.relatedInvoiceId} = ${invoices.id} AND ${givingBack(creditNote)})`;

const paidOnPpd = sql`(SELECT coalesce(sum(${complement.totalCentavos}), 0) FROM invoices complement
  WHERE ${complement.relatedInvoiceId} = ${invoices.id} AND ${standingPayment(complement)})`;

/** `creditableRoom` of a stamped income invoice (a PPD one has no payment method); else null. */
const creditable = sql`CASE WHEN ${invoices.document} = 'invoice' AND ${invoices.status} = 'success'
  THEN greatest(0, ${invoices.totalCentavos} - ${credited}
    - CASE WHEN ${invoices.method} IS NULL THEN ${paidOnPpd} ELSE 0 END)::bigint END`;

const error = sql`CASE WHEN ${invoices.errorCode} <> '' AND ${invoices.errorMessage} <> ''
  THEN json_build_object('code', ${invoices.errorCode}, 'message', ${invoices.errorMessage},
    'source', coalesce(${invoices.errorSource}, 'checks')) END`;

/** A held payment a global invoice already took is `collected` (ADR 0042). */
const globalState = sql`CASE WHEN ${invoices.globalState} = 'held'
  AND ${invoices.globalInvoiceId} IS NOT NULL THEN 'collected' ELSE ${invoices.globalState} END`;

/** `global_period` is the service's (`globalPeriodOf`): null here, filled in for global rows. */
const invoiceJson = sql<string>`json_build_object(
  'id', ${invoices.id}, 'school_id', ${invoices.schoolId}, 'document', ${invoices.document},
  'part', ${invoices.part}, 'related_invoice_id', ${invoices.relatedInvoiceId},
  'replaces_invoice_id', ${invoices.replacesInvoiceId}, 'status', ${invoices.status},
  'uuid', ${invoices.uuid}, 'series', ${invoices.series}, 'folio', ${invoices.folio},
  'total_centavos', ${invoices.totalCentavos}, 'installment', ${invoices.installment},
  'receptor_rfc', ${invoices.receptorRfc}, 'receptor_name', ${invoices.receptorName},
  'receptor_note', ${invoices.receptorNote}, 'source_id', ${invoices.sourceId},
  'student_id', ${invoices.studentId}, 'order_ids', to_json(${invoices.orderIds}),
  'error', ${error}, 'cancellation_note', ${invoices.cancellationNote},
  'credit_reason', ${invoices.creditReason}, 'global_period', NULL,
  'global_state', ${globalState}, 'created_at', ${isoTime(invoices.createdAt)},
  'stamped_at', ${isoTime(invoices.stampedAt)}, 'related_folio', ${relatedFolio},
  'creditable_centavos', ${creditable}
)::text`;

/**
 * The count is an uncorrelated subquery (run once, before the page): `count(*) over ()` would
 * hold every matching row, wide as they are, to count them before the page is cut.
 */
const pageStatements = preparedPerDatabase((db: Executor, key: string) => {
  const [shape = '', window = ''] = key.split('_');
  const query = db
    .select({
      total:
        sql<number>`(SELECT count(*) FROM ${invoices} WHERE ${schoolInvoicesWhere(shape)})`.mapWith(
          Number,
        ),
      json: invoiceJson,
      globalKey: sql<string | null>`CASE WHEN ${invoices.document} = 'global'
        THEN ${invoices.sourceId} END`,
    })
    .from(invoices)
    .where(schoolInvoicesWhere(shape))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .$dynamic();
  // One statement per filter shape and page window (page-window.ts): planned once.
  return inWindow(query, window).prepare(`invoice_answers_${key}`);
});

/** One listed invoice as JSON; a global invoice's key (its period) when it is one. */
export interface InvoiceAnswer {
  json: string;
  globalKey: string | null;
}

/**
 * A page of the school's filtered invoices, newest first, and how many match in all (null on
 * a page past the end: it has no row to carry the count).
 */
export async function invoiceAnswersPage(
  db: Executor,
  schoolId: string,
  query: InvoiceFilter & { page: number; pageSize: number },
): Promise<{ count: number | null; answers: InvoiceAnswer[] }> {
  const rows = await pageStatements(db, `${invoiceShapeOf(query)}_${windowOf(query)}`).execute({
    ...invoiceFilterValues(schoolId, query),
    ...windowValues(query),
  });
  return { count: rows[0]?.total ?? null, answers: rows };
}
