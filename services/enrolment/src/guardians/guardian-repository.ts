import { and, asc, count, eq, gt, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@cuota/contracts/common/pagination';
import type { OnboardingStage, RiskLevel } from '@cuota/contracts/enrolment/entities';
import type { GuardianDetail, GuardianRow } from '@cuota/contracts/enrolment/guardian-profile';
import type { GuardianMe } from '@cuota/contracts/enrolment/responses';
import {
  guardianCreatedV1,
  type GuardianSnapshot,
} from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { enqueueEvent, enqueueEvents } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { anyColumnChanges, definedChanges } from '@cuota/service-runtime/db/changes';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import { guardianSchools, guardians, schools, studentGuardians, students } from '../schema';
import { foldedSql } from '../search-folding-sql';
import { GUARDIAN_ME_SQL } from './guardian-me-sql';

/**
 * The only code that writes the `guardians` and `guardian_schools` tables. Every write
 * enqueues the guardian's event in the caller's transaction (the schools that know a
 * guardian are part of the guardian's snapshot, so joining one is an update too).
 */
export type GuardianRecord = typeof guardians.$inferSelect;

export type NewGuardianRecord = Pick<
  GuardianRecord,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'guardianHash'
  | 'onboardingStage'
  | 'billingName'
  | 'taxId'
  | 'taxZipCode'
  | 'taxRegime'
>;

export type GuardianRecordChanges = Partial<
  Pick<
    GuardianRecord,
    | 'firstName'
    | 'lastName'
    | 'email'
    | 'phone'
    | 'billingName'
    | 'taxId'
    | 'taxZipCode'
    | 'taxRegime'
    | 'cfdiUse'
    | 'onboardingStage'
  >
>;

/** A guardian known to one school, with enrolment.guardian.created. */
export async function insertGuardian(
  tx: Executor,
  schoolId: string,
  guardian: NewGuardianRecord,
): Promise<string> {
  const [id] = await insertGuardians(tx, schoolId, [guardian]);
  return id!;
}

/**
 * Guardians known to one school, each with enrolment.guardian.created, in a few round trips
 * whatever their number (the demo seed's families); answers their ids in the list's order.
 */
export async function insertGuardians(
  tx: Executor,
  schoolId: string,
  list: NewGuardianRecord[],
): Promise<string[]> {
  if (!list.length) return [];
  const rows = await tx
    .insert(guardians)
    .values(list)
    .returning({ id: guardians.id, hash: guardians.guardianHash });
  // The hash is unique: it tells which row is whose, whatever order RETURNING gives.
  const idOf = new Map(rows.map((r) => [r.hash, r.id]));
  const ids = list.map((g) => idOf.get(g.guardianHash)!);
  await tx.insert(guardianSchools).values(ids.map((guardianId) => ({ guardianId, schoolId })));
  const byId = new Map(
    (await tx.select(snapshotColumns).from(guardians).where(inArray(guardians.id, ids))).map(
      (s) => [s.guardian_id, s],
    ),
  );
  await enqueueEvents(
    tx,
    guardianCreatedV1,
    ids.map((id) => byId.get(id)!),
  );
  return ids;
}

/** Writes what differs from the stored row; unchanged, nothing is written or published. */
export async function saveGuardian(
  tx: Executor,
  id: string,
  changes: GuardianRecordChanges,
): Promise<void> {
  const differs = anyColumnChanges(guardians, changes);
  if (!differs) return;
  const saved = await tx
    .update(guardians)
    .set(definedChanges(changes))
    .where(and(eq(guardians.id, id), differs))
    .returning({ id: guardians.id });
  if (saved.length) await publishGuardianUpdated(tx, id);
}

/** The school knows the guardian from now on (a guardian may belong to several). */
export async function joinSchool(tx: Executor, guardianId: string, schoolId: string) {
  const joined = await tx
    .insert(guardianSchools)
    .values({ guardianId, schoolId })
    .onConflictDoNothing()
    .returning({ id: guardianSchools.guardianId });
  if (joined.length) await publishGuardianUpdated(tx, guardianId);
}

/**
 * Removes the guardian from every school, with enrolment.guardian.deleted. The caller has
 * removed the guardian's links to students and any billing role first.
 */
export async function deleteGuardian(tx: Executor, guardianId: string): Promise<void> {
  const schoolIds = await schoolIdsOfGuardian(tx, guardianId);
  await tx.delete(guardianSchools).where(eq(guardianSchools.guardianId, guardianId));
  await tx.delete(guardians).where(eq(guardians.id, guardianId));
  await enqueueEvent(tx, guardianDeletedV1, { guardian_id: guardianId, school_ids: schoolIds });
}

// ── Snapshots: the guardian as other domains keep it (invoicing's fiscal_guardians) ───────

/** Every school that knows the guardian (not only the one being read). */
const schoolIdsColumn = sql<string[]>`coalesce((
  SELECT array_agg(gs.school_id ORDER BY gs.school_id) FROM guardian_schools gs
  WHERE gs.guardian_id = ${guardians.id}), '{}')`;

const snapshotColumns = {
  guardian_id: guardians.id,
  school_ids: schoolIdsColumn,
  first_name: guardians.firstName,
  last_name: guardians.lastName,
  email: guardians.email,
  phone: guardians.phone,
  billing_name: guardians.billingName,
  tax_id: guardians.taxId,
  tax_zip_code: guardians.taxZipCode,
  tax_regime: guardians.taxRegime,
  cfdi_use: guardians.cfdiUse,
  guardian_hash: guardians.guardianHash,
  // The column holds only the stages onboarding-rules writes.
  onboarding_stage: sql<OnboardingStage>`${guardians.onboardingStage}`,
};

async function guardianSnapshot(tx: Executor, guardianId: string): Promise<GuardianSnapshot> {
  const [snapshot] = await tx
    .select(snapshotColumns)
    .from(guardians)
    .where(eq(guardians.id, guardianId));
  if (!snapshot) throw new Error(`guardian ${guardianId} vanished inside its own transaction`);
  return snapshot;
}

/** enrolment.guardian.updated with the current state (edits and re-publishing). */
export async function publishGuardianUpdated(tx: Executor, guardianId: string): Promise<void> {
  await enqueueEvent(tx, guardianUpdatedV1, await guardianSnapshot(tx, guardianId));
}

/**
 * Re-publishes one batch of a school's guardians after `afterId` (keyset by id) as
 * enrolment.guardian.updated, in one INSERT; returns the ids published, in order.
 */
export async function republishGuardiansOfSchool(
  tx: Executor,
  schoolId: string,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const batch = await tx
    .select(snapshotColumns)
    .from(guardians)
    .innerJoin(
      guardianSchools,
      and(eq(guardianSchools.guardianId, guardians.id), eq(guardianSchools.schoolId, schoolId)),
    )
    .where(afterId ? gt(guardians.id, afterId) : undefined)
    .orderBy(asc(guardians.id))
    .limit(limit);
  await enqueueEvents(tx, guardianUpdatedV1, batch);
  return batch.map((g) => g.guardian_id);
}

// ── Reads ──────────────────────────────────────────────────────────────────────────────────

export async function guardianRecord(db: Executor, id: string): Promise<GuardianRecord | null> {
  const [row] = await db.select().from(guardians).where(eq(guardians.id, id));
  return row ?? null;
}

export async function guardianRecordByHash(
  db: Executor,
  hash: string,
): Promise<GuardianRecord | null> {
  const [row] = await db.select().from(guardians).where(eq(guardians.guardianHash, hash));
  return row ?? null;
}

/** guardian.me as PostgreSQL builds it (guardian-me-sql.ts): one statement, one connection. */
export async function guardianMeRecord(db: Executor, id: string): Promise<GuardianMe | null> {
  const [before, after] = GUARDIAN_ME_SQL.split('$1') as [string, string];
  const result = await db.execute<{ me: GuardianMe }>(
    sql`${sql.raw(before)}${id}${sql.raw(after)}`,
  );
  return result.rows[0]?.me ?? null;
}

/** The schools that know the guardian (guardian_schools). */
export async function schoolIdsOfGuardian(db: Executor, guardianId: string): Promise<string[]> {
  const rows = await db
    .select({ schoolId: guardianSchools.schoolId })
    .from(guardianSchools)
    .where(eq(guardianSchools.guardianId, guardianId));
  return rows.map((r) => r.schoolId);
}

/** The schools where the guardian has a dependent. */
export async function schoolsOfGuardian(db: Executor, id: string) {
  return db
    .selectDistinct({ id: schools.id, name: schools.name })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(studentGuardians.guardianId, id))
    .orderBy(schools.name);
}

/** The school's guardians whose e-mail is this one (case apart), oldest first. */
export async function guardianRecordsByEmail(
  db: Executor,
  schoolId: string,
  email: string,
): Promise<GuardianRecord[]> {
  const rows = await db
    .select({ guardian: guardians })
    .from(guardians)
    .innerJoin(guardianSchools, eq(guardianSchools.guardianId, guardians.id))
    .where(
      and(
        eq(guardianSchools.schoolId, schoolId),
        eq(sql`lower(${guardians.email})`, email.toLowerCase()),
      ),
    )
    .orderBy(asc(guardians.createdAt));
  return rows.map((r) => r.guardian);
}

/** The students the guardian is linked to and who still study: their names and CURPs. */
export async function studyingDependents(db: Executor, guardianId: string) {
  return db
    .select({
      id: students.id,
      name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      curp: students.curp,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(
      and(
        eq(studentGuardians.guardianId, guardianId),
        notInArray(students.status, ['inactive', 'graduated', 'dropped_out']),
      ),
    )
    .orderBy(students.firstName, students.id);
}

/** How many of these ids are guardians at all (in `schoolId`, when given). */
export async function countKnownGuardians(
  db: Executor,
  ids: string[],
  schoolId?: string,
): Promise<number> {
  if (!ids.length) return 0;
  const unique = [...new Set(ids)];
  const [row] = schoolId
    ? await db
        .select({ n: count() })
        .from(guardianSchools)
        .where(
          and(eq(guardianSchools.schoolId, schoolId), inArray(guardianSchools.guardianId, unique)),
        )
    : await db.select({ n: count() }).from(guardians).where(inArray(guardians.id, unique));
  return row!.n;
}

export async function countGuardiansOfSchool(db: Executor, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(guardianSchools)
    .where(eq(guardianSchools.schoolId, schoolId));
  return row!.n;
}

/**
 * The school's guardian with that e-mail (case aside), else — without an e-mail — with
 * exactly that name; the oldest first. `prospectOnly`: only one whose every child is still a
 * lead (a family's own sign-up never touches an existing family). `sameName`: the name must
 * match too, case and accents aside (the same person writing again, ADR 0021).
 */
export async function guardianOfSchoolByContact(
  db: Executor,
  schoolId: string,
  contact: { email: string | null; firstName: string; lastName: string },
  { prospectOnly = false, sameName = false }: { prospectOnly?: boolean; sameName?: boolean } = {},
): Promise<string | null> {
  const same = contact.email
    ? and(
        sql`lower(${guardians.email}) = ${contact.email.toLowerCase()}`,
        sameName ? sameFoldedName(contact) : undefined,
      )
    : and(eq(guardians.firstName, contact.firstName), eq(guardians.lastName, contact.lastName));
  const [row] = await db
    .select({ id: guardians.id })
    .from(guardians)
    .innerJoin(guardianSchools, eq(guardianSchools.guardianId, guardians.id))
    .where(
      and(
        eq(guardianSchools.schoolId, schoolId),
        same,
        prospectOnly
          ? sql`NOT EXISTS (SELECT 1 FROM ${studentGuardians} sg JOIN ${students} s ON s.id = sg.student_id
              WHERE sg.guardian_id = ${guardians.id} AND s.status <> 'lead')`
          : undefined,
      ),
    )
    .orderBy(asc(guardians.createdAt))
    .limit(1);
  return row?.id ?? null;
}

const sameFoldedName = (contact: { firstName: string; lastName: string }) =>
  and(
    eq(foldedSql(sql`${guardians.firstName}`), foldedSql(sql`${contact.firstName}`)),
    eq(foldedSql(sql`${guardians.lastName}`), foldedSql(sql`${contact.lastName}`)),
  );

/** GET /api/v1/guardians/{id}/: contact, billing data and the schools that know them. */
export async function guardianProfile(db: Executor, id: string): Promise<GuardianDetail | null> {
  const g = await guardianRecord(db, id);
  if (!g) return null;
  const known = await db
    .select({ id: schools.id, name: schools.name })
    .from(guardianSchools)
    .innerJoin(schools, eq(schools.id, guardianSchools.schoolId))
    .where(eq(guardianSchools.guardianId, id))
    .orderBy(schools.name);
  return {
    id: g.id,
    first_name: g.firstName,
    last_name: g.lastName,
    email: g.email,
    phone: g.phone,
    guardian_hash: g.guardianHash,
    onboarding_stage: g.onboardingStage as OnboardingStage,
    fraud_status: g.fraudStatus as RiskLevel,
    billing_name: g.billingName,
    tax_id: g.taxId,
    tax_zip_code: g.taxZipCode,
    tax_regime: g.taxRegime,
    cfdi_use: g.cfdiUse,
    schools: known,
  };
}

/** The guardian's portal link key, if the school knows the guardian. */
export async function guardianHashInSchool(
  db: Executor,
  schoolId: string,
  guardianId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ hash: guardians.guardianHash })
    .from(guardianSchools)
    .innerJoin(guardians, eq(guardians.id, guardianSchools.guardianId))
    .where(and(eq(guardianSchools.schoolId, schoolId), eq(guardianSchools.guardianId, guardianId)));
  return row?.hash ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function listCondition(schoolId: string, search: string | undefined): SQL {
  const inSchool = eq(guardianSchools.schoolId, schoolId);
  if (!search) return inSchool;
  const anywhere = `%${escapeLike(search)}%`;
  return and(
    inSchool,
    or(
      sql`(${guardians.firstName} || ' ' || ${guardians.lastName}) ILIKE ${anywhere}`,
      sql`${guardians.email} ILIKE ${anywhere}`,
      sql`${guardians.taxId} LIKE ${`${escapeLike(search.toUpperCase())}%`}`,
    ),
  )!;
}

/** A school's guardians, searched by name, e-mail or RFC, paged in SQL. */
export async function guardiansOfSchoolPage(
  db: Executor,
  schoolId: string,
  query: PageQuery & { search?: string },
) {
  const where = listCondition(schoolId, query.search);
  const studentsCount = sql<number>`(SELECT count(*)::int FROM ${studentGuardians}
    JOIN ${students} ON ${students.id} = ${studentGuardians.studentId}
    WHERE ${studentGuardians.guardianId} = ${guardians.id} AND ${students.schoolId} = ${schoolId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ guardian: guardians, studentsCount })
      .from(guardianSchools)
      .innerJoin(guardians, eq(guardians.id, guardianSchools.guardianId))
      .where(where)
      .orderBy(
        spanishOrder(guardians.lastName),
        spanishOrder(guardians.firstName),
        asc(guardians.id),
      )
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(guardianSchools)
      .innerJoin(guardians, eq(guardians.id, guardianSchools.guardianId))
      .where(where),
  ]);
  const results: GuardianRow[] = rows.map(({ guardian: g, studentsCount: n }) => ({
    id: g.id,
    first_name: g.firstName,
    last_name: g.lastName,
    email: g.email,
    phone: g.phone,
    billing_name: g.billingName,
    tax_id: g.taxId,
    students_count: n,
  }));
  return { count: total?.n ?? 0, page: query.page, page_size: query.page_size, results };
}
