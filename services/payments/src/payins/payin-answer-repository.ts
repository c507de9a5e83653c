import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { coalesced } from '@cuota/service-runtime/db/coalesced';
import { isoTime } from '@cuota/service-runtime/db/json-answer';
import { inWindow, windowOf, windowValues } from '@cuota/service-runtime/db/page-window';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  allocations,
  owedCollections,
  payinItems,
  payins,
  storeCheckouts,
  studentDirectory,
} from '../schema';
import { jsonRecords } from '../json-records-sql';
import { filteredPayins, filterValues, shapeOf, type PayinFilter } from './payin-repository';

/**
 * Payins as staff and families read them (contracts' `Payin`), written as JSON by PostgreSQL in
 * the statement that finds them: the payin, the students' names from payments' directory and
 * what it applied — its allocations once paid, before that (pending, failed) the orders it was
 * for, as quoted. One round trip and no row mapping in the service: Pagos' list read three
 * statements and mapped ~30 columns per row in Node, most of the service's CPU (ADR 0034).
 */

/** An allocation, or a quoted item of an unpaid payin: the same fields, as `Allocation`. */
const appliedJson = (t: typeof allocations | typeof payinItems) => sql`json_build_object(
  'order_id', ${t.orderId}, 'student_id', ${t.studentId}, 'concept_id', ${t.conceptId},
  'concept_name', ${t.conceptName}, 'concept_type', ${t.conceptType}, 'period', ${t.period},
  'base_centavos', ${t.baseCentavos}, 'late_fee_centavos', ${t.lateFeeCentavos},
  'discount_centavos', 0)`;

const applied = sql`CASE WHEN ${payins.status} = 'success'
  THEN (SELECT coalesce(json_agg(${appliedJson(allocations)} ORDER BY ${allocations.seq}), '[]')
    FROM ${allocations} WHERE ${allocations.payinId} = ${payins.id})
  ELSE (SELECT coalesce(json_agg(${appliedJson(payinItems)}
      ORDER BY ${payinItems.dueOn}, ${payinItems.orderId}), '[]')
    FROM ${payinItems} WHERE ${payinItems.payinId} = ${payins.id}) END`;

/**
 * The students' names in `student_ids` order; one payments' directory does not know yet. Each
 * is looked up by its key: joined, PostgreSQL read the whole directory once per payin (a hash
 * join, the school's every student for each row of the page).
 */
const studentNames = sql`(SELECT coalesce(json_agg(coalesce(
    (SELECT ${studentDirectory.firstName} || ' ' || ${studentDirectory.lastName}
      FROM ${studentDirectory} WHERE ${studentDirectory.studentId} = named.id),
    'Alumno sin nombre') ORDER BY named.n), '[]')
  FROM unnest(${payins.studentIds}) WITH ORDINALITY AS named(id, n))`;

/**
 * What the payin paid of refunds the family owed (ADR 0036): its own positive rows only — a
 * void's negated rows belong to the reversal, and the voided payin still shows what it paid.
 */
const refundOwedPaid = sql`(SELECT coalesce(sum(${owedCollections.amountCentavos}), 0)::bigint
  FROM ${owedCollections} WHERE ${owedCollections.payinId} = ${payins.id})`;

const payinJson = sql<string>`json_build_object(
  'id', ${payins.id}, 'school_id', ${payins.schoolId}, 'type', ${payins.type},
  'method', ${payins.method}, 'status', ${payins.status},
  'amount_centavos', ${payins.amountCentavos}, 'guardian_id', ${payins.guardianId},
  'student_ids', to_json(${payins.studentIds}), 'student_names', ${studentNames},
  'allocations', ${applied}, 'credit_created_centavos', ${payins.creditCreatedCentavos},
  'refund_owed_paid_centavos', ${refundOwedPaid}, 'returned_centavos', ${payins.returnedCentavos},
  'store_lines', (SELECT ${storeCheckouts.lines} FROM ${storeCheckouts}
    WHERE ${storeCheckouts.payinId} = ${payins.id}),
  'store_order_id', (SELECT ${storeCheckouts.optionalOrderId} FROM ${storeCheckouts}
    WHERE ${storeCheckouts.payinId} = ${payins.id}),
  'card', CASE WHEN ${payins.cardBrand} IS NOT NULL AND ${payins.cardLast4} IS NOT NULL
    THEN json_build_object('brand', ${payins.cardBrand}, 'last4', ${payins.cardLast4}) END,
  'payment_reference', CASE WHEN ${payins.paymentReference} IS NOT NULL
    THEN json_build_object('reference', ${payins.paymentReference}, 'clabe', ${payins.clabe},
      'expires_at', ${isoTime(payins.referenceExpiresAt)}) END,
  'receipt_number', ${payins.receiptNumber}, 'recorded_by', ${payins.recordedBy},
  'recorded_by_name', ${payins.recordedByName},
  'error', CASE WHEN ${payins.errorCode} IS NOT NULL AND ${payins.errorMessage} IS NOT NULL
    THEN json_build_object('code', ${payins.errorCode}, 'message', ${payins.errorMessage}) END,
  'created_at', ${isoTime(payins.createdAt)}, 'paid_at', ${isoTime(payins.paidAt)}
)::text`;

const p = sql.placeholder;

/** One statement per filter shape and page window (`${shape}_${window}`, page-window.ts). */
const answerStatements = preparedPerDatabase((db: Executor, key: string) => {
  const [shape = '', window = ''] = key.split('_');
  const query = db
    .select({ total: sql<number>`count(*) over ()`.mapWith(Number), json: payinJson })
    .from(payins)
    .where(filteredPayins(shape))
    .orderBy(desc(payins.createdAt), desc(payins.id))
    .$dynamic();
  return inWindow(query, window).prepare(`payin_answers_${key}`);
});

const answerById = preparedPerDatabase((db: Executor) =>
  db
    .select({
      schoolId: payins.schoolId,
      guardianId: payins.guardianId,
      studentIds: payins.studentIds,
      json: payinJson,
    })
    .from(payins)
    .where(and(eq(payins.id, p('id'))))
    .prepare('payin_answer'),
);

/** A page of the filtered payins, newest first: how many match, and the page as a JSON array. */
export async function payinAnswersPage(
  db: Executor,
  f: PayinFilter,
): Promise<{ count: number | null; json: string }> {
  const rows = await answerStatements(db, `${shapeOf(f)}_${windowOf(f)}`).execute({
    ...filterValues(f),
    ...windowValues(f),
  });
  return { count: rows[0]?.total ?? null, json: `[${rows.map((r) => r.json).join(',')}]` };
}

/** One payin as JSON, with what its access check needs (payin-access.ts); null if unknown. */
export async function payinAnswerById(db: Executor, id: string) {
  const [row] = await answerById(db).execute({ id });
  return row ?? null;
}

/**
 * The gateway's answer to the charge (its ticket and card, kept whatever the status), and the
 * payin as it now stands as JSON: RETURNING sees the updated row, so the checkout answers
 * without reading it again. Concurrent checkouts' answers are written together, one
 * statement for all (`coalesced`; issue 18's burst: a statement per payment was a socket
 * write each).
 */
export function recordChargeAnswer(
  db: Executor,
  id: string,
  sale: {
    ticketNumber: string;
    reference: string | null;
    brand: string | null;
    last4: string | null;
  },
): Promise<string | null> {
  return chargeAnswers(db)({
    id,
    ticketNumber: sale.ticketNumber,
    transactionReference: sale.reference,
    cardBrand: sale.brand,
    cardLast4: sale.last4,
  });
}

type ChargeAnswer = Required<
  Pick<
    typeof payins.$inferInsert,
    'id' | 'ticketNumber' | 'transactionReference' | 'cardBrand' | 'cardLast4'
  >
>;

const chargeAnswers = preparedPerDatabase((db: Executor) =>
  coalesced(async (answers: ChargeAnswer[]) => {
    const rows = await chargeAnswer(db).execute({ answers: jsonRecords(payins, answers) });
    const json = new Map(rows.map((row) => [row.id, row.json]));
    return answers.map((a) => json.get(a.id) ?? null);
  }),
);

/** Built once per database: every checkout of issue 18's burst built it (and its JSON). */
const chargeAnswer = preparedPerDatabase((db: Executor) => {
  const kept = (column: AnyPgColumn) =>
    sql`coalesce(${column}, ${sql.raw(`answer.${column.name}`)})`;
  return db
    .update(payins)
    .set({
      ticketNumber: kept(payins.ticketNumber),
      transactionReference: kept(payins.transactionReference),
      cardBrand: kept(payins.cardBrand),
      cardLast4: kept(payins.cardLast4),
    })
    .from(sql`jsonb_populate_recordset(NULL::${payins}, ${p('answers')}::jsonb) AS answer`)
    .where(sql`${payins.id} = answer.id`)
    .returning({ id: payins.id, json: payinJson })
    .prepare('payments_charge_answers');
});
