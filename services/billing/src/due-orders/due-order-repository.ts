import { sql, type SQL } from 'drizzle-orm';
import type { DueOrderStudent, DueOrdersQuery } from '@cuota/contracts/billing/orders';
import type { Executor } from '@cuota/messaging/transaction';
import { byName, freshNameOrderCount } from './name-order-repository';

/**
 * The only code that reads `student_balances` (ADR 0016), with the name numbering
 * (`name-order-repository.ts`): the due-orders report pages over students. The amounts shown are the quote's as of today (`owed-as-of.ts`, late fees
 * included); the balance row's base amounts only order and filter the pages.
 */
export type DueOrdersFilter = Omit<DueOrdersQuery, 'page' | 'page_size' | 'ordering'>;
type Ordering = DueOrdersQuery['ordering'];

/** Spec §4 due status from the balance row, as of `today`. */
export const dueStatusSql = (today: string) => sql`CASE
  WHEN b.pending_centavos = 0 THEN 'PAID'
  WHEN b.oldest_due_on >= ${today}::date THEN 'PENDING'
  WHEN b.grace_ends_on >= ${today}::date THEN 'DUE'
  ELSE 'OUTSTANDING' END`;

/** Each ordering over a row alias (`p` of the page, or the joined `b`/`d`). */
const ORDERINGS: Record<Ordering, (b: string, d: string) => string> = {
  last_name: byName,
  '-pending_centavos': (b) => `${b}.pending_centavos DESC, ${b}.student_id`,
  '-overdue_centavos': (b) => `overdue_centavos DESC, ${b}.student_id`,
  oldest_due_on: (b) => `${b}.oldest_due_on ASC NULLS LAST, ${b}.student_id`,
};

export const overdueOf = (alias: string, today: string) => sql`CROSS JOIN LATERAL (
  SELECT COALESCE(sum(o.total_centavos - o.paid_base_centavos), 0)::bigint AS overdue_centavos
    FROM orders o
   WHERE o.school_id = ${sql.raw(alias)}.school_id AND o.student_id = ${sql.raw(alias)}.student_id
     AND o.due_on < ${today}::date) od`;

interface Scope {
  schoolId: string;
  today: string;
  filter: DueOrdersFilter;
  studentId?: string;
}

function where({ schoolId, today, filter: f, studentId }: Scope): SQL {
  const search = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql`WHERE b.school_id = ${schoolId}
    ${studentId ? sql`AND b.student_id = ${studentId}` : sql``}
    ${f.level ? sql`AND d.level = ${f.level}` : sql``}
    ${f.section_id ? sql`AND d.section_id = ${f.section_id}` : sql``}
    ${search ? sql`AND (d.first_name || ' ' || d.last_name || ' ' || coalesce(d.enrolment_code, '')) ILIKE ${search}` : sql``}
    ${f.due_status ? sql`AND ${dueStatusSql(today)} = ${f.due_status}` : sql``}`;
}

/**
 * The school condition on both sides lets PostgreSQL carry it to the directory, so a page by
 * name walks `student_directory_school_name_idx` in order instead of sorting the school.
 */
export const JOINED = sql`FROM student_balances b
  JOIN student_directory d ON d.student_id = b.student_id AND d.school_id = b.school_id`;

/** A report row's columns over the balance `b` and the directory `d`. */
const columns = (today: string) => sql`
    b.student_id, d.first_name, d.last_name, d.enrolment_code, d.level, d.section_id, b.open_orders,
    to_char(b.oldest_due_on, 'YYYY-MM-DD') AS oldest_due_on, ${dueStatusSql(today)} AS due_status`;

/** The students in the report's order, `limit` at a time (base overdue only orders them). */
function pageOf(scope: Scope, ordering: Ordering, limit: SQL) {
  const byOverdue = ordering === '-overdue_centavos';
  return sql`
    SELECT ${columns(scope.today)}
      ${JOINED} ${byOverdue ? overdueOf('b', scope.today) : sql``}
      ${where(scope)}
     ORDER BY ${sql.raw(ORDERINGS[ordering]('b', 'd'))} ${limit}`;
}

/** A student of the report before its amounts are quoted. */
export type DueStudentRow = Omit<
  DueOrderStudent,
  'pending_centavos' | 'late_fee_centavos' | 'overdue_centavos'
>;

/** Adeudos' landing list (every student, by name): read by position. */
const isWholeByName = (q: DueOrdersQuery) =>
  q.ordering === 'last_name' && !q.search && !q.level && !q.section_id && !q.due_status;

/**
 * A page of the report and its count. The whole list by name is read by position once the
 * builder has numbered it, so a page anywhere costs as much as the first; a filter or another
 * ordering, a numbering not yet built again, or `byOffset` (the bench's baseline), counts and
 * skips rows in SQL.
 */
export async function dueOrderStudents(
  db: Executor,
  schoolId: string,
  today: string,
  q: DueOrdersQuery,
  { all = false, byOffset = false } = {},
) {
  if (!all && !byOffset && isWholeByName(q)) {
    const page = await pageByPosition(db, schoolId, today, q);
    if (page) return page;
  }
  const scope = { schoolId, today, filter: q };
  const limit = all ? sql`` : sql`LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}`;
  const [{ rows }, { rows: total }] = await Promise.all([
    db.execute<DueStudentRow>(pageOf(scope, q.ordering, limit)),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${JOINED} ${where(scope)}`),
  ]);
  return { count: total[0]!.n, results: rows };
}

/** The page by its students' positions, or null while the numbering is not current. */
async function pageByPosition(db: Executor, schoolId: string, today: string, q: DueOrdersQuery) {
  const count = await freshNameOrderCount(db, schoolId);
  if (count === null) return null;
  const from = (q.page - 1) * q.page_size;
  const { rows } = await db.execute<DueStudentRow>(sql`
    SELECT ${columns(today)}
      FROM name_order_positions p
      JOIN student_balances b ON b.student_id = p.student_id AND b.school_id = p.school_id
      JOIN student_directory d ON d.student_id = b.student_id AND d.school_id = b.school_id
     WHERE p.school_id = ${schoolId} AND p.position > ${from} AND p.position <= ${from + q.page_size}
     ORDER BY p.position`);
  return { count, results: rows };
}

export async function dueOrderStudent(
  db: Executor,
  schoolId: string,
  today: string,
  studentId: string,
) {
  const scope = { schoolId, today, filter: {}, studentId };
  const { rows } = await db.execute<DueStudentRow>(pageOf(scope, 'last_name', sql``));
  return rows[0];
}
