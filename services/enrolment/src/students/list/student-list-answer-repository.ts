import { eq, inArray, sql } from 'drizzle-orm';
import {
  STUDENT_COUNT_CAP,
  type StudentsByLevelQuery,
} from '@cuota/contracts/enrolment/student-list';
import type { Executor } from '@cuota/messaging/transaction';
import { inWindow, windowOf, windowValues } from '@cuota/service-runtime/db/page-window';
import { preparedPerDatabase, statementName } from '@cuota/service-runtime/db/prepared';
import { levels, sections, students } from '../../schema';
import {
  filterCondition,
  filterValuesOf,
  listOrder,
  type FilterValues,
} from './student-list-repository';

/**
 * The dashboard's students lists as their answer, written by PostgreSQL in one named statement
 * per shape (ADR 0034): the page's rows as contracts' `StudentRow` and the capped count. Two
 * statements built and mapped by Drizzle on every request were most of enrolment's CPU on
 * this list (issue 16).
 */

const p = sql.placeholder;
const VALUED = ['level', 'section_id', 'status', 'gender', 'search'] as const;

/** A student of the page as `StudentRow`. */
const rowJson = sql`json_build_object(
  'id', ${students.id}, 'first_name', ${students.firstName}, 'last_name', ${students.lastName},
  'curp', ${students.curp}, 'enrolment_code', ${students.enrolmentCode},
  'gender', ${students.gender}, 'level', ${levels.level},
  'section', CASE WHEN ${sections.id} IS NOT NULL
    THEN json_build_object('id', ${sections.id}, 'name', coalesce(${sections.name}, '')) END,
  'status', ${students.status}, 'billing_guardian_id', ${students.billingGuardianId})`;

/**
 * `shape`: the page window (page-window.ts), the ordering, the filters given, and
 * `billing:true|false` when that one is.
 */
const pageStatements = preparedPerDatabase((db: Executor, shape: string) => {
  const [window = '', ordering, ...given] = shape.split(',');
  const filters: FilterValues = Object.fromEntries(
    VALUED.filter((f) => given.includes(f)).map((f) => [f, p(f)]),
  );
  const billing = given.find((g) => g.startsWith('billing:'));
  if (billing) filters.has_billing_guardian = billing === 'billing:true';
  const where = filterCondition(p('schoolId'), filters);
  const order = listOrder(ordering as StudentsByLevelQuery['ordering']);
  // The page's ids from the name index alone, then only those rows read and joined.
  const pageIds = inWindow(
    db
      .select({ id: students.id })
      .from(students)
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    window,
  );
  return db
    .select({
      matches: sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${students}
        WHERE ${where} LIMIT ${STUDENT_COUNT_CAP + 1}) AS matches)`,
      results: sql<string>`coalesce(json_agg(${rowJson} ORDER BY ${sql.join(order, sql`, `)}), '[]')::text`,
    })
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(inArray(students.id, pageIds))
    .prepare(statementName(`enrolment_students_page_${shape}`));
});

/** A page of the school's students and their capped count, as the answer's JSON text. */
export async function studentListPageJson(
  db: Executor,
  schoolId: string,
  query: StudentsByLevelQuery,
): Promise<string> {
  const values = filterValuesOf(query);
  const given = VALUED.filter((f) => values[f] !== undefined);
  const billing = values.has_billing_guardian;
  const shape = [
    windowOf({ page: query.page, pageSize: query.page_size }),
    query.ordering,
    ...given,
    ...(billing === undefined ? [] : [`billing:${billing}`]),
  ];
  const [row] = await pageStatements(db, shape.join(',')).execute({
    schoolId,
    ...values,
    ...windowValues({ page: query.page, pageSize: query.page_size }),
  });
  const count = Math.min(row!.matches, STUDENT_COUNT_CAP);
  return `{"count":${count},"count_is_capped":${row!.matches > STUDENT_COUNT_CAP},"page":${query.page},"page_size":${query.page_size},"results":${row!.results}}`;
}
