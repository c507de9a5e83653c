import { and, asc, count, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SchoolOrderFilter } from '@cuota/contracts/billing/school-orders';
import type { Executor } from '@cuota/messaging/transaction';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { guardianOfStudentSql } from '@cuota/student-directory/student-directory-repository';
import { concepts, orderAllocations, orders, studentDirectory } from '../schema';

/** The only code that reads `orders` for display: each with its concept and student. */
const orderColumns = {
  order: orders,
  conceptName: concepts.name,
  conceptType: concepts.conceptType,
  firstName: studentDirectory.firstName,
  lastName: studentDirectory.lastName,
  enrolmentCode: studentDirectory.enrolmentCode,
  level: studentDirectory.level,
  billingGuardianId: studentDirectory.billingGuardianId,
  guardianIds: studentDirectory.guardianIds,
  /** The directory's school of the student (null when the directory lacks them). */
  studentSchoolId: studentDirectory.schoolId,
};
export const UNKNOWN_ORDER = 'No encontramos esta orden.';

export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

function selectOrders(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[] = [asc(orders.dueOn), asc(concepts.name), asc(orders.id)],
) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(concepts, eq(concepts.id, orders.conceptId))
    .leftJoin(studentDirectory, eq(studentDirectory.studentId, orders.studentId))
    .where(where)
    .orderBy(...orderBy);
}

/** Where an order sits in creation order: its instant as PostgreSQL keeps it (microseconds). */
export const CREATED_AT_TEXT = sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The next `limit` orders of a school (or of one concept) created after a position, oldest
 * first: the public rows' pages (docs/adr/0041). Ties in created_at are broken by id.
 */
export async function ordersCreatedAfter(
  db: Executor,
  scope: { schoolId?: string; conceptId?: string },
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<{ row: OrderRow; createdAt: string }[]> {
  const keys = await db
    .select({ id: orders.id, createdAt: CREATED_AT_TEXT })
    .from(orders)
    .where(
      and(
        scope.schoolId ? eq(orders.schoolId, scope.schoolId) : undefined,
        scope.conceptId ? eq(orders.conceptId, scope.conceptId) : undefined,
        after
          ? sql`(${orders.createdAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
  if (keys.length === 0) return [];
  const rows = new Map(
    (
      await ordersByIds(
        db,
        keys.map((k) => k.id),
      )
    ).map((r) => [r.order.id, r]),
  );
  return keys.map((k) => ({ row: rows.get(k.id)!, createdAt: k.createdAt }));
}

/**
 * Which concepts each student of a school has orders of, by (concept, student), after a
 * position: the public concept assignments.
 */
export function conceptAssignmentsAfter(
  db: Executor,
  schoolId: string,
  after: { conceptId: string; studentId: string } | undefined,
  limit: number,
) {
  return db
    .select({
      conceptId: orders.conceptId,
      conceptName: concepts.name,
      studentId: orders.studentId,
      periods: sql<
        (string | null)[]
      >`array_agg(${orders.period} ORDER BY ${orders.dueOn}, ${orders.id})`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .innerJoin(concepts, eq(concepts.id, orders.conceptId))
    .where(
      and(
        eq(orders.schoolId, schoolId),
        isNull(orders.canceledAt),
        after
          ? sql`(${orders.conceptId}, ${orders.studentId}) > (${after.conceptId}, ${after.studentId})`
          : undefined,
      ),
    )
    .groupBy(orders.conceptId, concepts.name, orders.studentId)
    .orderBy(asc(orders.conceptId), asc(orders.studentId))
    .limit(limit);
}

const ofStudent = preparedPerDatabase((db: Executor) =>
  selectOrders(db, eq(orders.studentId, sql.placeholder('studentId'))).prepare(
    'billing_orders_of_student',
  ),
);
export const ordersOfStudent = (db: Executor, studentId: string): Promise<OrderRow[]> =>
  ofStudent(db).execute({ studentId });

/** The student as the access check reads them, from one of their order rows (joined). */
export const studentOfOrderRow = (row: OrderRow | undefined) =>
  row?.studentSchoolId == null
    ? undefined
    : {
        schoolId: row.studentSchoolId,
        billingGuardianId: row.billingGuardianId,
        guardianIds: row.guardianIds,
      };

/** Prepared, the ids as one array: payments' quote reads by them at every checkout (issue 18). */
const byIds = preparedPerDatabase((db: Executor) =>
  selectOrders(db, sql`${orders.id} = any(${sql.placeholder('ids')}::uuid[])`).prepare(
    'billing_orders_by_ids',
  ),
);
export const ordersByIds = (db: Executor, ids: string[]): Promise<OrderRow[]> =>
  byIds(db).execute({ ids });

/**
 * The orders of every student of this guardian at one school: students they are the billing
 * guardian of or linked to (both parents see the family's orders, docs/adr/0023).
 */
const ofGuardian = preparedPerDatabase((db: Executor) =>
  selectOrders(
    db,
    and(
      eq(orders.schoolId, sql.placeholder('schoolId')),
      guardianOfStudentSql(sql.placeholder('guardianId')),
      isNull(orders.canceledAt), // a cancelled order is nothing the family owes or paid
    ),
  ).prepare('billing_orders_of_guardian'),
);
export const ordersOfGuardian = (
  db: Executor,
  schoolId: string,
  guardianId: string,
): Promise<OrderRow[]> => ofGuardian(db).execute({ schoolId, guardianId });

const byId = preparedPerDatabase((db: Executor) =>
  selectOrders(db, eq(orders.id, sql.placeholder('id'))).prepare('billing_order_by_id'),
);

/**
 * A school's orders with base still owed, of these students (or all of them): what the
 * due-orders report quotes. An order whose base is complete has its late fee paid too (a
 * payment pays the late fee first), so nothing else is owed.
 */
export const openOrdersOfSchool = (db: Executor, schoolId: string, studentIds?: string[]) =>
  selectOrders(
    db,
    and(
      eq(orders.schoolId, schoolId),
      studentIds ? inArray(orders.studentId, studentIds) : undefined,
      sql`${orders.totalCentavos} > ${orders.paidBaseCentavos}`,
    ),
  );

/** The condition for the school's orders a staff list or export asks for. */
function schoolOrdersWhere(schoolId: string, f: SchoolOrderFilter): SQL | undefined {
  const owed = sql`${orders.totalCentavos} > ${orders.paidBaseCentavos}`;
  return and(
    eq(orders.schoolId, schoolId),
    f.student_id ? eq(orders.studentId, f.student_id) : undefined,
    f.concept_id ? eq(orders.conceptId, f.concept_id) : undefined,
    f.period ? eq(orders.period, f.period) : undefined,
    f.status === 'open' ? and(isNull(orders.canceledAt), owed) : undefined,
    f.status === 'paid' ? and(isNull(orders.canceledAt), sql`NOT (${owed})`) : undefined,
    f.status === 'canceled' ? isNotNull(orders.canceledAt) : undefined,
  );
}

/**
 * A page of the school's orders (all of them when `page` is absent: the Excel) oldest due
 * first, with how many match.
 */
export async function schoolOrders(
  db: Executor,
  schoolId: string,
  filter: SchoolOrderFilter,
  page?: { page: number; page_size: number },
): Promise<{ count: number; rows: OrderRow[] }> {
  const where = schoolOrdersWhere(schoolId, filter);
  const list = selectOrders(db, where);
  const [rows, [total]] = await Promise.all([
    page ? list.limit(page.page_size).offset((page.page - 1) * page.page_size) : list,
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { count: total!.n, rows };
}

/** What an order's quote depends on, and where its student sits (level and section). */
const overdueTerms = {
  level: studentDirectory.level,
  sectionId: studentDirectory.sectionId,
  dueOn: orders.dueOn,
  totalCentavos: orders.totalCentavos,
  paidBaseCentavos: orders.paidBaseCentavos,
  paidLateFeeCentavos: orders.paidLateFeeCentavos,
  paidDiscountCentavos: orders.paidDiscountCentavos,
  paidOn: orders.paidOn,
  lateFee: orders.lateFee,
  interestForgiven: orders.interestForgiven,
  earlyPayment: orders.earlyPayment,
};

export const overdueOf = (schoolId: string, asOf: string) =>
  and(
    eq(orders.schoolId, schoolId),
    lt(orders.dueOn, asOf),
    sql`${orders.totalCentavos} > ${orders.paidBaseCentavos}`,
  );

/**
 * The school's orders still owing past their due date, grouped by everything their quote
 * depends on: a bill run's orders share their terms, so 800,000 overdue orders come back as a
 * few hundred groups with how many orders each holds.
 */
export const overdueTermsOfSchool = (db: Executor, schoolId: string, asOf: string) =>
  db
    .select({ ...overdueTerms, orders: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(studentDirectory, eq(studentDirectory.studentId, orders.studentId))
    .where(overdueOf(schoolId, asOf))
    .groupBy(...Object.values(overdueTerms));

/** How many students owe something past due, per level and section. */
export const overdueStudentsOfSchool = (db: Executor, schoolId: string, asOf: string) =>
  db
    .select({
      level: studentDirectory.level,
      sectionId: studentDirectory.sectionId,
      students: sql<number>`count(DISTINCT ${orders.studentId})::int`,
    })
    .from(orders)
    .innerJoin(studentDirectory, eq(studentDirectory.studentId, orders.studentId))
    .where(overdueOf(schoolId, asOf))
    .groupBy(studentDirectory.level, studentDirectory.sectionId);

export async function orderById(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await byId(db).execute({ id });
  return row;
}

export function allocationsOfOrder(db: Executor, orderId: string) {
  return db
    .select()
    .from(orderAllocations)
    .where(eq(orderAllocations.orderId, orderId))
    .orderBy(asc(orderAllocations.appliedAt), asc(orderAllocations.sourceId));
}
