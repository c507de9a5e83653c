import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DueOrderStudent, DueOrdersQuery } from '@cuota/contracts/billing/orders';
import type { Executor } from '@cuota/messaging/transaction';
import { byName } from './name-order-repository';

/**
 * The only code that reads `student_balances` (ADR 0016), with the name numbering
 * (`name-order-repository.ts`) and the report's pages as answers (`due-answer-repository.ts`):
 * the due-orders report pages over students. The amounts shown are the quote's as of today
 * (`owed-as-of.ts`, late fees included); the balance row's base amounts only order and filter
 * the pages.
 */
export type DueOrdersFilter = Omit<DueOrdersQuery, 'page' | 'page_size' | 'ordering'>;
type Ordering = DueOrdersQuery['ordering'];
/** A value of the report's SQL: given, or a prepared statement's placeholder. */
type Value = string | Placeholder;

/** Spec §4 due status from the balance row, as of `today`. */
export const dueStatusSql = (today: Value) => sql`CASE
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

export const overdueOf = (alias: string, today: Value) => sql`CROSS JOIN LATERAL (
  SELECT COALESCE(sum(o.total_centavos - o.paid_base_centavos), 0)::bigint AS overdue_centavos
    FROM orders o
   WHERE o.school_id = ${sql.raw(alias)}.school_id AND o.student_id = ${sql.raw(alias)}.student_id
     AND o.due_on < ${today}::date) od`;

interface Scope {
  schoolId: Value;
  today: Value;
  filter: DueFilterValues;
  studentId?: string;
}

/** The filters as SQL compares them: the search as an ILIKE pattern. */
export type DueFilterValues = { [K in 'search' | 'level' | 'section_id' | 'due_status']?: Value };

/** The filters a query has, `search` as the pattern that finds it in a name or matrícula. */
export const filterValuesOf = (f: DueOrdersFilter): DueFilterValues => ({
  search: f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
  level: f.level,
  section_id: f.section_id,
  due_status: f.due_status,
});

function where({ schoolId, today, filter: f, studentId }: Scope): SQL {
  return sql`WHERE b.school_id = ${schoolId}
    ${studentId ? sql`AND b.student_id = ${studentId}` : sql``}
    ${f.level ? sql`AND d.level = ${f.level}` : sql``}
    ${f.section_id ? sql`AND d.section_id = ${f.section_id}` : sql``}
    ${f.search ? sql`AND (d.first_name || ' ' || d.last_name || ' ' || coalesce(d.enrolment_code, '')) ILIKE ${f.search}` : sql``}
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

/** The report's order over the balance `b` and the directory `d`. */
export const orderOf = (ordering: Ordering) => sql.raw(ORDERINGS[ordering]('b', 'd'));

/**
 * The students in the report's order, `limit` at a time (base overdue only orders them),
 * with these `columns` of each.
 */
export function pageOf(scope: Scope, ordering: Ordering, columns: SQL, limit: SQL = sql``) {
  const byOverdue = ordering === '-overdue_centavos';
  return sql`
    SELECT ${columns}
      ${JOINED} ${byOverdue ? overdueOf('b', scope.today) : sql``}
      ${where(scope)}
     ORDER BY ${orderOf(ordering)} ${limit}`;
}

/** How many students the filters find (a page past the end has no row to say it). */
export async function dueCountOf(
  db: Executor,
  schoolId: string,
  today: string,
  filter: DueFilterValues,
) {
  const scope = { schoolId, today, filter };
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n ${JOINED} ${where(scope)}`,
  );
  return rows[0]!.n;
}

/** A student of the report before its amounts are quoted. */
export type DueStudentRow = Omit<
  DueOrderStudent,
  'pending_centavos' | 'late_fee_centavos' | 'overdue_centavos'
>;

export async function dueOrderStudent(
  db: Executor,
  schoolId: string,
  today: string,
  studentId: string,
) {
  const scope = { schoolId, today, filter: {}, studentId };
  const { rows } = await db.execute<DueStudentRow>(pageOf(scope, 'last_name', columns(today)));
  return rows[0];
}
