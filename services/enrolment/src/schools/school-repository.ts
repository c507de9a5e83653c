import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SchoolKind, SchoolStatus } from '@cuota/contracts/enrolment/entities';
import { UNKNOWN_SCHOOL } from '@cuota/contracts/enrolment/endpoints/schools';
import type { SchoolListItem, SchoolListQuery } from '@cuota/contracts/enrolment/memberships';
import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { anyColumnChanges, definedChanges } from '@cuota/service-runtime/db/changes';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { schoolLogos, schools } from '../schema';
import { containsFolded } from '../search-folding';
import { foldedSql } from '../search-folding-sql';
import { logoPath, PUBLIC_STATUSES, useKushkiSandbox, type SchoolChanges } from './school-rules';

/**
 * The only code that reads or writes `schools` and `school_logos` (a school's one logo is
 * part of it). Every write of a school enqueues enrolment.school.updated in the caller's
 * transaction, so payments and invoicing never miss a change.
 */
export type SchoolRow = typeof schools.$inferSelect;
export type NewSchool = Pick<SchoolRow, 'name' | 'kind' | 'status'> & SchoolChanges;

/**
 * The school's row, or a 404. `lock` holds it until the transaction ends: the writes that
 * check something of the school first (a status move, a cycle overlap) see what they commit.
 */
export async function schoolRow(
  db: Executor,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<SchoolRow> {
  const query = db.select().from(schools).where(eq(schools.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(UNKNOWN_SCHOOL);
  return row;
}

export async function isPublicSchool(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(eq(schools.id, id), inArray(schools.status, [...PUBLIC_STATUSES])));
  return Boolean(row);
}

export async function insertSchool(tx: Executor, school: NewSchool): Promise<SchoolRow> {
  const [row] = await tx.insert(schools).values(school).returning();
  await enqueueEvent(tx, schoolUpdatedV1, snapshot(row!));
  return row!;
}

/**
 * Writes the changes (undefined = unchanged) and tells the other domains; when every value is
 * already stored, nothing is written or published. The caller has read (and locked) the row.
 */
export async function saveSchool(tx: Executor, id: string, changes: SchoolChanges): Promise<void> {
  const differs = anyColumnChanges(schools, changes);
  if (!differs) return;
  const [row] = await tx
    .update(schools)
    .set({ ...definedChanges(changes), updatedAt: new Date() })
    .where(and(eq(schools.id, id), differs))
    .returning();
  if (row) await enqueueEvent(tx, schoolUpdatedV1, snapshot(row));
}

export async function logoImageOf(db: Executor, schoolId: string): Promise<string | null> {
  const [logo] = await db
    .select({ imageId: schoolLogos.imageId })
    .from(schoolLogos)
    .where(eq(schoolLogos.schoolId, schoolId));
  return logo?.imageId ?? null;
}

/** Points the school's logo at `imageId`; answers the image it replaced, if any. */
export async function replaceLogoImage(
  tx: Executor,
  schoolId: string,
  imageId: string,
): Promise<string | null> {
  const previous = await logoImageOf(tx, schoolId);
  await tx
    .insert(schoolLogos)
    .values({ schoolId, imageId })
    .onConflictDoUpdate({ target: schoolLogos.schoolId, set: { imageId } });
  return previous;
}

/**
 * GET /api/v1/internal/schools/: the given schools (the caller's), optionally of one status
 * and whose name contains `search` (accents and case ignored), by name, a page at a time.
 */
export async function listSchools(
  db: Executor,
  schoolIds: string[],
  query: SchoolListQuery,
): Promise<{ count: number; page: number; page_size: number; results: SchoolListItem[] }> {
  const page = { page: query.page, page_size: query.page_size };
  if (schoolIds.length === 0) return { count: 0, ...page, results: [] };
  const where: SQL[] = [inArray(schools.id, schoolIds)];
  if (query.status) where.push(eq(schools.status, query.status));
  if (query.search)
    where.push(sql`${foldedSql(sql`${schools.name}`)} LIKE ${containsFolded(query.search)}`);
  const [[total], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(schools)
      .where(and(...where)),
    db
      .select({ school: schools, logoImageId: schoolLogos.imageId })
      .from(schools)
      .leftJoin(schoolLogos, eq(schoolLogos.schoolId, schools.id))
      .where(and(...where))
      .orderBy(asc(schools.name), asc(schools.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return {
    count: total!.n,
    ...page,
    results: rows.map(({ school, logoImageId }) => ({
      id: school.id,
      name: school.name,
      kind: school.kind as SchoolKind,
      status: school.status as SchoolStatus,
      logo_url: logoImageId ? logoPath(school.id, logoImageId) : null,
      created_at: school.createdAt.toISOString(),
    })),
  };
}

const snapshot = (row: SchoolRow) => ({
  school_id: row.id,
  name: row.name,
  kind: row.kind as SchoolKind,
  status: row.status as SchoolStatus,
  use_kushki_sandbox: useKushkiSandbox(row.configDashboard),
  gateway_credentials_ref: row.gatewayCredentialsRef,
  legal_name: row.legalName,
  tax_id: row.taxId,
  tax_regime: row.taxRegime,
  tax_zip_code: row.taxZipCode,
});

// ── The demo seed ──────────────────────────────────────────────────────────────────────────

/** The school of this name, if any (names are not unique: only the demo seed looks one up). */
export async function schoolNamed(db: Executor, name: string): Promise<SchoolRow | null> {
  const [row] = await db.select().from(schools).where(eq(schools.name, name)).limit(1);
  return row ?? null;
}

/** Serialises creating a school of this name (a transaction-scoped advisory lock). */
export async function lockSchoolName(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`school:${name}`}))`);
}
