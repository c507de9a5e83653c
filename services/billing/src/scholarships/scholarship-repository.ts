import { and, asc, desc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Scholarship } from '@cuota/contracts/billing/scholarships';
import type { Executor } from '@cuota/messaging/transaction';
import { concepts, orders, scholarships, studentDirectory } from '../schema';

/** The only code that reads or writes `scholarships` (its orders change through corrections). */
export type ScholarshipRow = typeof scholarships.$inferSelect;

const columns = {
  row: scholarships,
  conceptName: concepts.name,
  firstName: studentDirectory.firstName,
  lastName: studentDirectory.lastName,
};

function select(db: Executor, where: SQL) {
  return db
    .select(columns)
    .from(scholarships)
    .leftJoin(concepts, eq(concepts.id, scholarships.conceptId))
    .leftJoin(studentDirectory, eq(studentDirectory.studentId, scholarships.studentId))
    .where(where)
    .orderBy(desc(scholarships.createdAt), desc(scholarships.id));
}

const toScholarship = ({
  row: r,
  conceptName,
  firstName,
  lastName,
}: Awaited<ReturnType<typeof select>>[number]): Scholarship => ({
  id: r.id,
  school_id: r.schoolId,
  student_id: r.studentId,
  student_name: [firstName, lastName].filter(Boolean).join(' '),
  concept_id: r.conceptId,
  concept_name: conceptName,
  kind: r.kind,
  basis_points: r.basisPoints,
  amount_centavos: r.amountCentavos,
  starts_on: r.startsOn,
  reason: r.reason,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
});

export const scholarshipsOfSchool = async (db: Executor, schoolId: string) =>
  (await select(db, eq(scholarships.schoolId, schoolId))).map(toScholarship);

export const scholarshipsOfStudent = async (db: Executor, studentId: string) =>
  (await select(db, eq(scholarships.studentId, studentId))).map(toScholarship);

export async function insertScholarship(
  tx: Executor,
  values: typeof scholarships.$inferInsert,
): Promise<Scholarship> {
  const [row] = await tx.insert(scholarships).values(values).returning();
  const [shown] = await select(tx, eq(scholarships.id, row!.id));
  return toScholarship(shown!);
}

/**
 * One grant's row for each of many students, in one statement (a massive scholarship's chunk:
 * a multi-row INSERT of 250 rows took 125 ms, this takes a few).
 */
export async function insertScholarshipsOf(
  tx: Executor,
  grant: Omit<typeof scholarships.$inferInsert, 'studentId'>,
  studentIds: string[],
) {
  await tx.execute(sql`
    INSERT INTO scholarships (school_id, student_id, concept_id, kind, basis_points, amount_centavos, starts_on, reason, created_by)
    SELECT ${grant.schoolId}, s, ${grant.conceptId ?? null}::uuid, ${grant.kind}, ${grant.basisPoints ?? null}::int,
           ${grant.amountCentavos ?? null}::int, ${grant.startsOn}::date, ${grant.reason}, ${grant.createdBy ?? null}
      FROM unnest(${sql.param(studentIds)}::text[]) AS s`);
}

/**
 * A bill run's new orders that a scholarship reaches (its student, its concept or every
 * concept, started by the due date), each with the newest such scholarship. No lock: the
 * run's transaction inserted them, so nobody else sees them yet.
 */
export function scholarshipsOfRun(tx: Executor, runId: string) {
  return tx
    .selectDistinctOn([orders.id], { order: orders, scholarship: scholarships })
    .from(orders)
    .innerJoin(
      scholarships,
      and(
        eq(scholarships.studentId, orders.studentId),
        eq(scholarships.schoolId, orders.schoolId),
        or(isNull(scholarships.conceptId), eq(scholarships.conceptId, orders.conceptId)),
        lte(scholarships.startsOn, orders.dueOn),
      ),
    )
    .where(eq(orders.billRunId, runId))
    .orderBy(asc(orders.id), desc(scholarships.createdAt));
}

/**
 * The newest scholarship of the order's student that names its concept or every concept,
 * whatever its start date: what force_scholarship applies (ADR 0035).
 */
export async function newestScholarshipOf(
  tx: Executor,
  o: Pick<typeof orders.$inferSelect, 'schoolId' | 'studentId' | 'conceptId'>,
): Promise<ScholarshipRow | undefined> {
  const [row] = await tx
    .select()
    .from(scholarships)
    .where(
      and(
        eq(scholarships.schoolId, o.schoolId),
        eq(scholarships.studentId, o.studentId),
        or(isNull(scholarships.conceptId), eq(scholarships.conceptId, o.conceptId)),
      ),
    )
    .orderBy(desc(scholarships.createdAt), desc(scholarships.id))
    .limit(1);
  return row;
}
