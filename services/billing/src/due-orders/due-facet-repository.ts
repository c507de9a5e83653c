import { sql, type SQL } from 'drizzle-orm';
import type { DueStatus } from '@cuota/contracts/billing/orders';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { MAX_LOGGED, notifyDueAggregates } from './due-aggregate-repository';
import { dueStatusSql, JOINED, overdueOf } from './due-order-repository';

/**
 * The only code that writes `due_facet_*` (ADR 0016, ADR 0048): Adeudos' filter counts and
 * totals as of a day, without summing the school's orders on every read. A build keeps each
 * student's contribution (level, section, status, pending, overdue) and their sums; a change
 * to a student's balance or place logs the student, and a read takes the build's sums, minus
 * the logged students' parts in the build, plus their parts now. Reads never write: billing's
 * builder (due-aggregate-builder.ts) builds again after a bill run and on a new day, and folds
 * a long log into the build; until it has, a read sums the base tables.
 */

/** Balances of these students changed (payments, corrections): the build no longer holds them. */
export async function logFacetChanges(tx: Executor, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return;
  // A new `seq` on every change: a build running meanwhile keeps the row (see buildFacets).
  // Sorted, so two writers lock rows in the same order.
  await tx.execute(sql`
    INSERT INTO due_facet_changes (school_id, student_id)
    SELECT ${schoolId}, id FROM unnest(${sql.param(studentIds)}::text[]) AS s(id) ORDER BY id
    ON CONFLICT (school_id, student_id) DO UPDATE SET seq = excluded.seq`);
  await notifyDueAggregates(tx);
}

/** A bill run changed most of the school: the next read builds again. */
export async function invalidateFacets(tx: Executor, schoolId: string) {
  await tx.execute(sql`
    INSERT INTO due_facet_invalidations (school_id, version) VALUES (${schoolId}, 1)
    ON CONFLICT (school_id) DO UPDATE SET version = due_facet_invalidations.version + 1`);
  await notifyDueAggregates(tx);
}

export type FacetRow = {
  level: EducationLevel;
  section_id: string | null;
  due_status: DueStatus;
  students: number;
  pending: number;
  overdue: number;
};

/** The school's build is as of `today` and after its last bill run. */
const isCurrent = (schoolId: string, today: string) => sql`
  SELECT COALESCE(bool_or(b.as_of = ${today}::date AND b.version >= COALESCE(i.version, 0)), false) AS ok
    FROM due_facet_builds b
    LEFT JOIN due_facet_invalidations i ON i.school_id = b.school_id
   WHERE b.school_id = ${schoolId}`;

type SummedRow = Omit<FacetRow, 'pending' | 'overdue'> & { pending: string; overdue: string };

/**
 * How many students each filter value holds, and the school's totals, as of `today`: from the
 * build corrected by the log when the build is current, else summed from the base tables (two
 * statements: a gate inside one did not keep PostgreSQL from summing the school anyway).
 */
export async function dueOrderFacets(
  db: Executor,
  schoolId: string,
  today: string,
): Promise<FacetRow[]> {
  const { rows: state } = await db.execute<{ ok: boolean }>(isCurrent(schoolId, today));
  const { rows } = await db.execute<SummedRow>(
    state[0]!.ok ? fromBuild(schoolId, today) : fromBaseTables(schoolId, today),
  );
  return rows.map((r) => ({ ...r, pending: Number(r.pending), overdue: Number(r.overdue) }));
}

/** The build, minus the logged students' parts in it, plus their parts now: one snapshot. */
const fromBuild = (schoolId: string, today: string) => sql`
  WITH logged AS (SELECT student_id FROM due_facet_changes WHERE school_id = ${schoolId}),
  parts AS (
    SELECT level, section_id, due_status, students, pending_centavos, overdue_centavos
      FROM due_facet_groups WHERE school_id = ${schoolId}
    UNION ALL
    SELECT level, section_id, due_status, -1, -pending_centavos, -overdue_centavos
      FROM due_facet_students
     WHERE school_id = ${schoolId} AND student_id IN (SELECT student_id FROM logged)
    UNION ALL
    SELECT level, section_id, due_status, 1, pending_centavos, overdue_centavos
      FROM (${studentParts(schoolId, today, sql`AND b.student_id IN (SELECT student_id FROM logged)`)}) now
  )
  SELECT level, section_id, due_status, sum(students)::int AS students,
         sum(pending_centavos) AS pending, sum(overdue_centavos) AS overdue
    FROM parts GROUP BY 1, 2, 3 HAVING sum(students) > 0`;

/** The school's students summed now, as a build would hold them (before the builder ran). */
const fromBaseTables = (schoolId: string, today: string) => sql`
  SELECT level, section_id, due_status, count(*)::int AS students,
         sum(pending_centavos) AS pending, sum(overdue_centavos) AS overdue
    FROM (${studentParts(schoolId, today)}) whole GROUP BY 1, 2, 3`;

/** Each student's part of the filters as of `today` (the school, or the students `only` picks). */
const studentParts = (schoolId: string, today: string, only: SQL = sql``) => sql`
  SELECT b.school_id, b.student_id, d.level, d.section_id, ${dueStatusSql(today)} AS due_status,
         b.pending_centavos, od.overdue_centavos
    ${JOINED} ${overdueOf('b', today)}
   WHERE b.school_id = ${schoolId} ${only}`;

/**
 * The builder gives way: taking the log, it could wait on a writer (a bill run's chunk) that
 * waits on it; failing fast (55P03) before PostgreSQL's deadlock check (1 s) means the writer
 * is never the one aborted, and the builder tries again shortly.
 */
async function yieldToWriters(tx: Executor) {
  await tx.execute(sql`SET LOCAL lock_timeout = '200ms'`);
}

type Freshness = 'fresh' | 'long_log' | 'stale';

/** Built as of today after the last bill run; 'long_log': too many students to correct by. */
async function freshness(
  db: Executor,
  schoolId: string,
  today: string,
  maxLogged: number,
): Promise<Freshness> {
  const { rows } = await db.execute<{ current: boolean; long_log: boolean }>(sql`
    SELECT (${isCurrent(schoolId, today)}) AS current,
           (SELECT count(*) FROM (SELECT 1 FROM due_facet_changes
             WHERE school_id = ${schoolId} LIMIT ${maxLogged + 1}) c) > ${maxLogged} AS long_log`);
  const row = rows[0]!;
  return !row.current ? 'stale' : row.long_log ? 'long_log' : 'fresh';
}

/**
 * Brings the school's build up to date (the builder's work, never a read's): built again when
 * stale, or the logged students folded into it when the log is long. One writer per school at
 * a time (the others wait, then find it fresh).
 */
export function refreshFacets(
  db: Executor,
  schoolId: string,
  today: string,
  { maxLogged = MAX_LOGGED } = {},
): Promise<void> {
  return db.transaction(async (tx) => {
    await yieldToWriters(tx);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('due-facets:' || ${schoolId}))`);
    const state = await freshness(tx, schoolId, today, maxLogged);
    if (state === 'stale') await buildFacets(tx, schoolId, today);
    if (state === 'long_log') await foldLoggedStudents(tx, schoolId, today);
  });
}

/**
 * Reads the log's rows and clears them, in one statement with what it reads of the students
 * (one snapshot). A row a writer touched meanwhile has a new `seq`, so the join on `seq`
 * leaves it for the next read to correct.
 */
const takingTheLog = (schoolId: string) => sql`
  seen AS (SELECT student_id, seq FROM due_facet_changes WHERE school_id = ${schoolId}),
  cleared_log AS (
    DELETE FROM due_facet_changes c USING seen
     WHERE c.school_id = ${schoolId} AND c.student_id = seen.student_id AND c.seq = seen.seq
  )`;

/** The whole school again, as of `today`, with the invalidation version it saw. */
async function buildFacets(tx: Executor, schoolId: string, today: string) {
  await tx.execute(sql`DELETE FROM due_facet_students WHERE school_id = ${schoolId}`);
  await tx.execute(sql`DELETE FROM due_facet_groups WHERE school_id = ${schoolId}`);
  await tx.execute(sql`
    WITH ${takingTheLog(schoolId)},
    parts AS (${studentParts(schoolId, today)}),
    students AS (
      INSERT INTO due_facet_students (school_id, student_id, level, section_id, due_status, pending_centavos, overdue_centavos)
      SELECT school_id, student_id, level, section_id, due_status, pending_centavos, overdue_centavos FROM parts
    ),
    groups AS (
      INSERT INTO due_facet_groups (school_id, level, section_id, due_status, students, pending_centavos, overdue_centavos)
      SELECT ${schoolId}, level, section_id, due_status, count(*), sum(pending_centavos), sum(overdue_centavos)
        FROM parts GROUP BY level, section_id, due_status
    )
    INSERT INTO due_facet_builds (school_id, as_of, version)
    SELECT ${schoolId}, ${today}::date,
           COALESCE((SELECT version FROM due_facet_invalidations WHERE school_id = ${schoolId}), 0)
    ON CONFLICT (school_id) DO UPDATE SET as_of = excluded.as_of, version = excluded.version`);
}

type StudentPart = Pick<FacetRow, 'level' | 'section_id' | 'due_status'> & {
  student_id: string;
  pending_centavos: string;
  overdue_centavos: string;
};

/**
 * The logged students' parts replace theirs in the build and the sums take the difference
 * (work in proportion to the log, not the school), under the school's lock.
 */
async function foldLoggedStudents(tx: Executor, schoolId: string, today: string) {
  // The log first, then the parts: read later than the log, they hold at least its changes.
  const { rows: log } = await tx.execute<{ logged: string[] | null }>(sql`
    WITH ${takingTheLog(schoolId)} SELECT array_agg(student_id) AS logged FROM seen`);
  const logged = log[0]?.logged ?? [];
  const ids = sql`${sql.param(logged)}::text[]`;
  const { rows: now } = await tx.execute<StudentPart>(
    studentParts(schoolId, today, sql`AND b.student_id = ANY(${ids})`),
  );
  const { rows: before } = await tx.execute<StudentPart>(sql`
    DELETE FROM due_facet_students WHERE school_id = ${schoolId} AND student_id = ANY(${ids})
    RETURNING student_id, level, section_id, due_status, pending_centavos, overdue_centavos`);
  if (now.length)
    await tx.execute(sql`
      INSERT INTO due_facet_students (school_id, student_id, level, section_id, due_status, pending_centavos, overdue_centavos)
      SELECT ${schoolId}, student_id, level, section_id, due_status, pending_centavos, overdue_centavos
        FROM jsonb_to_recordset(${JSON.stringify(now)}::jsonb) AS p(student_id text, level text,
             section_id text, due_status text, pending_centavos bigint, overdue_centavos bigint)`);
  const signed = (sign: number) => (p: StudentPart) => ({
    level: p.level,
    section_id: p.section_id,
    due_status: p.due_status,
    students: sign,
    pending_centavos: sign * Number(p.pending_centavos),
    overdue_centavos: sign * Number(p.overdue_centavos),
  });
  const delta = [...before.map(signed(-1)), ...now.map(signed(1))];
  if (delta.length)
    await tx.execute(sql`
      INSERT INTO due_facet_groups AS g (school_id, level, section_id, due_status, students, pending_centavos, overdue_centavos)
      SELECT ${schoolId}, level, section_id, due_status, sum(students), sum(pending_centavos), sum(overdue_centavos)
        FROM jsonb_to_recordset(${JSON.stringify(delta)}::jsonb) AS d(level text, section_id text,
             due_status text, students int, pending_centavos bigint, overdue_centavos bigint)
       GROUP BY level, section_id, due_status
      ON CONFLICT ON CONSTRAINT due_facet_groups_key DO UPDATE SET
        students = g.students + excluded.students,
        pending_centavos = g.pending_centavos + excluded.pending_centavos,
        overdue_centavos = g.overdue_centavos + excluded.overdue_centavos`);
}
