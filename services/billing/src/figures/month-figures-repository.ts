import { and, between, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { overdueOf } from '../orders/order-repository';
import { guardianNames, orders, studentDirectory } from '../schema';

/** What an open order still owes of its base (late fees are the delinquency report's). */
const pendingBase = sql<number>`coalesce(sum(${orders.totalCentavos} - ${orders.paidBaseCentavos}), 0)::bigint`;

/** The orders due between two dates, not cancelled: billed and settled, per student level. */
export const billedByLevel = (db: Executor, schoolId: string, from: string, to: string) =>
  db
    .select({
      level: studentDirectory.level,
      billed: sql<number>`sum(${orders.totalCentavos})::bigint`,
      collected: sql<number>`sum(least(${orders.paidBaseCentavos}, ${orders.totalCentavos}))::bigint`,
    })
    .from(orders)
    .leftJoin(studentDirectory, eq(studentDirectory.studentId, orders.studentId))
    .where(
      and(
        eq(orders.schoolId, schoolId),
        between(orders.dueOn, from, to),
        isNull(orders.canceledAt),
      ),
    )
    .groupBy(studentDirectory.level);

/** What open orders due today or later still owe. */
export async function notDueOfSchool(db: Executor, schoolId: string, asOf: string) {
  const [row] = await db
    .select({ pending: pendingBase })
    .from(orders)
    .where(
      and(
        eq(orders.schoolId, schoolId),
        gte(orders.dueOn, asOf),
        sql`${orders.totalCentavos} > ${orders.paidBaseCentavos}`,
      ),
    );
  return Number(row?.pending ?? 0);
}

/** The billing guardian, or the student itself when nobody is: who a debt is chased with. */
const family = sql<string>`coalesce(${studentDirectory.billingGuardianId}, ${orders.studentId})`;

/** The families owing the most past due (before late fees), largest first. */
export const topOverdueFamilies = (db: Executor, schoolId: string, asOf: string, limit: number) =>
  db
    .select({
      familyId: family,
      // The group's one billing guardian, or null for a student billed to nobody.
      guardianId: sql<string | null>`min(${studentDirectory.billingGuardianId})`,
      overdue: pendingBase,
      students: sql<{ id: string; first_name: string; last_name: string }[]>`json_agg(DISTINCT
        jsonb_build_object('id', ${orders.studentId}, 'first_name', ${studentDirectory.firstName},
          'last_name', ${studentDirectory.lastName}))`,
    })
    .from(orders)
    .innerJoin(studentDirectory, eq(studentDirectory.studentId, orders.studentId))
    .where(overdueOf(schoolId, asOf))
    .groupBy(family)
    .orderBy(desc(pendingBase), family)
    .limit(limit);

/** The names billing knows of these guardians (a deleted one has none). */
export const namesOfGuardians = (db: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: guardianNames.guardianId,
          first_name: guardianNames.firstName,
          last_name: guardianNames.lastName,
        })
        .from(guardianNames)
        .where(and(inArray(guardianNames.guardianId, ids), ne(guardianNames.lastName, '')));
