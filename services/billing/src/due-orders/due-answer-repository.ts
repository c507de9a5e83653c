import { sql, type SQL } from 'drizzle-orm';
import type { DueOrdersQuery } from '@cuota/contracts/billing/orders';
import type { Executor } from '@cuota/messaging/transaction';
import { ALL_ROWS, windowOf, windowSql, windowValues } from '@cuota/service-runtime/db/page-window';
import { preparedPerDatabase, statementName } from '@cuota/service-runtime/db/prepared';
import type { OrderTerms } from '../orders/order-rules';
import {
  dueCountOf,
  dueStatusSql,
  filterValuesOf,
  orderOf,
  pageOf,
  type DueFilterValues,
} from './due-order-repository';
import { freshNameOrderCount } from './name-order-repository';

/**
 * Adeudos' pages as PostgreSQL writes them, one statement a page (ADR 0034): each student's
 * answer but its amounts as JSON text, and the terms of its open orders, which the service
 * quotes as of the day (`owed-as-of.ts`, the one quote every screen shows). No row mapping
 * of whole orders, their concepts and students' guardians, and no query built per request:
 * that and three statements a page were most of billing's CPU on this list (issue 16).
 */
export interface DueAnswerRow {
  /** Students in the whole list (the numbering's count, or the filtered rows'). */
  total: number;
  /** The student's answer without `pending_centavos`, `late_fee_centavos`, `overdue_centavos`. */
  json: string;
  /**
   * The student's orders with base still owed, one line of `TERMS` as a JSON array each
   * (`termsOf` reads one): text, so the service parses only terms it has not quoted today.
   */
  open: string;
}

/** `OrderTerms`' fields and their columns, in the order a line of `open` writes them. */
const TERMS = [
  ['totalCentavos', 'o.total_centavos'],
  ['dueOn', 'o.due_on'],
  ['lateFee', 'o.late_fee'],
  ['interestForgiven', 'o.interest_forgiven'],
  ['earlyPayment', 'o.early_payment'],
  ['paidBaseCentavos', 'o.paid_base_centavos'],
  ['paidLateFeeCentavos', 'o.paid_late_fee_centavos'],
  ['paidDiscountCentavos', 'o.paid_discount_centavos'],
  ['paidOn', 'o.paid_on'],
  ['waitingPayinId', 'o.waiting_payin_id'],
] as const satisfies readonly (readonly [keyof OrderTerms, string])[];
/** Every field of the terms is written: a missing one would be quoted as if it were empty. */
const TERMS_COMPLETE: Exclude<keyof OrderTerms, (typeof TERMS)[number][0]> extends never
  ? true
  : never = true;
void TERMS_COMPLETE;

/** An order's terms from its line of `DueAnswerRow.open`. */
export function termsOf(line: string): OrderTerms {
  const values = JSON.parse(line) as unknown[];
  return Object.fromEntries(TERMS.map(([key], i) => [key, values[i]])) as unknown as OrderTerms;
}

/** The lines of a student's `open`: none when it owes nothing. */
export const openLines = (open: string): string[] => (open ? open.split('\n') : []);

const p = sql.placeholder;

/** The answer's fields the balance `b` and the directory `d` hold, as a JSON object. */
const studentJson = sql<string>`json_build_object(
  'student_id', b.student_id, 'first_name', d.first_name, 'last_name', d.last_name,
  'enrolment_code', d.enrolment_code, 'level', d.level, 'section_id', d.section_id,
  'open_orders', b.open_orders, 'oldest_due_on', b.oldest_due_on,
  'due_status', ${dueStatusSql(p('today'))})::text`;

/**
 * An order whose base is complete has its late fee paid too (a payment pays the late fee
 * first), so the orders with base still owed are all a student owes. JSON escapes a newline in
 * a string and writes none between values, so a newline ends each order's line.
 */
const openTerms = sql<string>`(SELECT coalesce(string_agg(json_build_array(
    ${sql.raw(TERMS.map(([, column]) => column).join(', '))})::text, E'\n'), '')
  FROM orders o
 WHERE o.school_id = b.school_id AND o.student_id = b.student_id
   AND o.total_centavos > o.paid_base_centavos)`;

/** The page's students (`total`, position `n`, `student_id`) answered, in page order. */
const answered = (db: Executor, page: SQL, name: string) =>
  db
    .select({ total: sql<number>`page.total`, json: studentJson, open: openTerms })
    .from(
      sql`(${page}) page
      JOIN student_balances b ON b.school_id = ${p('schoolId')} AND b.student_id = page.student_id
      JOIN student_directory d ON d.school_id = b.school_id AND d.student_id = b.student_id`,
    )
    .orderBy(sql`page.n`)
    .prepare(name);

/** Adeudos' landing list (every student by name) by position, while the numbering is current. */
const byPosition = preparedPerDatabase((db: Executor) =>
  answered(
    db,
    sql`SELECT built.students::int AS total, n.position AS n, n.student_id
      FROM name_order_builds built
      LEFT JOIN name_order_changes c ON c.school_id = built.school_id
      JOIN name_order_positions n ON n.school_id = built.school_id
       AND n.position > ${p('offset')} AND n.position <= ${p('offset')}::int + ${p('limit')}::int
     WHERE built.school_id = ${p('schoolId')} AND built.version >= COALESCE(c.version, 0)`,
    'billing_due_answers_by_position',
  ),
);

type Ordering = DueOrdersQuery['ordering'];
const FILTERS = ['search', 'level', 'section_id', 'due_status'] as const;

/**
 * Any other list, counted and skipped in SQL: one statement per ordering, filters given and
 * page window (ADR 0127: its page size written in, so PostgreSQL keeps its plan; `ALL_ROWS`
 * for the Excel, which has no window).
 */
const byOffset = preparedPerDatabase((db: Executor, key: `${string}/${string}`) => {
  const [shape = '', window = ''] = key.split('/');
  const [ordering, ...given] = shape.split(',') as [Ordering, ...(typeof FILTERS)[number][]];
  const filter: DueFilterValues = Object.fromEntries(given.map((f) => [f, p(f)]));
  const scope = { schoolId: p('schoolId'), today: p('today'), filter };
  const columns = sql`(count(*) OVER ())::int AS total,
    row_number() OVER (ORDER BY ${orderOf(ordering)}) AS n, b.student_id`;
  return answered(
    db,
    pageOf(scope, ordering, columns, windowSql(window)),
    statementName(`billing_due_answers_${key}`),
  );
});

const isWholeByName = (q: DueOrdersQuery) =>
  q.ordering === 'last_name' && FILTERS.every((f) => !q[f]);

/**
 * A page of the report (every student when `all`: the Excel) and how many match. The whole
 * list by name is read by position once the builder has numbered it, so a page anywhere costs
 * as much as the first; a filter or another ordering, a numbering not yet built again, or
 * `byOffset` (the bench's baseline) counts and skips rows in SQL.
 */
export async function dueAnswers(
  db: Executor,
  schoolId: string,
  today: string,
  q: DueOrdersQuery,
  { all = false, byOffset: skipPositions = false } = {},
): Promise<{ count: number; rows: DueAnswerRow[] }> {
  const asked = { page: q.page, pageSize: q.page_size };
  const offset = all ? 0 : (q.page - 1) * q.page_size;
  if (!all && !skipPositions && isWholeByName(q)) {
    const rows = await byPosition(db).execute({ schoolId, today, limit: q.page_size, offset });
    if (rows.length) return { count: rows[0]!.total, rows };
    // A page past the end, or a numbering not current: which, the count says.
    const count = await freshNameOrderCount(db, schoolId);
    if (count !== null) return { count, rows: [] };
  }
  const values = filterValuesOf(q);
  const given = FILTERS.filter((f) => values[f] !== undefined);
  const window = all ? ALL_ROWS : windowOf(asked);
  const rows = await byOffset(db, `${[q.ordering, ...given].join(',')}/${window}`).execute({
    schoolId,
    today,
    ...values,
    ...(all ? {} : windowValues(asked)),
  });
  // A page past the end still tells how many there are.
  const count = rows[0]?.total ?? (offset > 0 ? await dueCountOf(db, schoolId, today, values) : 0);
  return { count, rows };
}
