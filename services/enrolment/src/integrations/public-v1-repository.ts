import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  PublicV1Query,
  publicGuardianSchema,
  publicSchoolCycleSchema,
  publicSectionSchema,
  publicStudentSchema,
} from '@cuota/contracts/enrolment/integrations';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianSchools, guardians, levels, schoolCycles, sections, students } from '../schema';
import { guardianIdsOf } from '../students/student-snapshot-repository';
import { decodeCursor, pageOf } from './public-v1-rules';

/**
 * "Public v1": a school's rows of each resource in (changed_at, id) order, after a cursor or
 * since an instant (docs/adr/0014-integration-resync.md). These reads compose several
 * concepts' tables; the integrations concept answers them.
 */

/**
 * One resource: how to read a school's rows of it. The generic part (publicPage) adds
 * `updated_since`, the keyset cursor, the order and the page size, the same for every one.
 */
export interface PublicResource<Dto extends PublicRow> {
  /** When a row last changed (a timestamptz expression): the order and `updated_since`. */
  changedAt: SQL;
  /** The row's id (a uuid column): the tie-breaker of the order. */
  id: SQL;
  /**
   * The school's rows that pass `where`, ordered by `orderBy`, at most `limit`; each row's
   * `updated_at` is `at` (changedAt as text, with microseconds).
   */
  rows: (
    db: Executor,
    page: { schoolId: string; where: SQL; orderBy: SQL[]; limit: number; at: SQL<string> },
  ) => Promise<Dto[]>;
}

/** What every resource's rows carry: the cursor is built from these two. */
export interface PublicRow {
  id: string;
  updated_at: string;
}

type PublicStudent = z.infer<typeof publicStudentSchema>;
type PublicGuardian = z.infer<typeof publicGuardianSchema>;
type PublicSection = z.infer<typeof publicSectionSchema>;
type PublicSchoolCycle = z.infer<typeof publicSchoolCycleSchema>;

/** Students: a guardian linked or unlinked does not move updated_at (read guardian_ids again). */
const studentResource: PublicResource<PublicStudent> = {
  changedAt: sql`${students.updatedAt}`,
  id: sql`${students.id}`,
  rows: async (db, page) =>
    (await db
      .select({
        id: students.id,
        school_id: students.schoolId,
        first_name: students.firstName,
        last_name: students.lastName,
        level_id: students.levelId,
        level: levels.level,
        section_id: students.sectionId,
        status: students.status,
        curp: students.curp,
        enrolment_code: students.enrolmentCode,
        billing_guardian_id: students.billingGuardianId,
        guardian_ids: guardianIdsOf,
        updated_at: page.at,
      })
      .from(students)
      .innerJoin(levels, eq(levels.id, students.levelId))
      .where(and(eq(students.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)) as PublicStudent[],
};

/**
 * Guardians the school knows. A guardian who joins the school counts as changed then, so an
 * integration pulling `updated_since` sees them even if their own data is older.
 */
const guardianResource: PublicResource<PublicGuardian> = {
  changedAt: sql`greatest(${guardians.updatedAt}, ${guardianSchools.createdAt})`,
  id: sql`${guardians.id}`,
  rows: (db, page) =>
    db
      .select({
        id: guardians.id,
        first_name: guardians.firstName,
        last_name: guardians.lastName,
        email: guardians.email,
        phone: guardians.phone,
        billing_name: guardians.billingName,
        tax_id: guardians.taxId,
        tax_zip_code: guardians.taxZipCode,
        updated_at: page.at,
      })
      .from(guardianSchools)
      .innerJoin(guardians, eq(guardians.id, guardianSchools.guardianId))
      .where(and(eq(guardianSchools.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit),
};

const sectionResource: PublicResource<PublicSection> = {
  changedAt: sql`${sections.updatedAt}`,
  id: sql`${sections.id}`,
  rows: async (db, page) =>
    (await db
      .select({
        id: sections.id,
        school_id: sections.schoolId,
        level_id: sections.levelId,
        level: levels.level,
        name: sections.name,
        grade: sections.grade,
        capacity: sections.capacity,
        updated_at: page.at,
      })
      .from(sections)
      .innerJoin(levels, eq(levels.id, sections.levelId))
      .where(and(eq(sections.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)) as PublicSection[],
};

const schoolCycleResource: PublicResource<PublicSchoolCycle> = {
  changedAt: sql`${schoolCycles.updatedAt}`,
  id: sql`${schoolCycles.id}`,
  rows: async (db, page) =>
    (await db
      .select({
        id: schoolCycles.id,
        school_id: schoolCycles.schoolId,
        name: schoolCycles.name,
        starts_on: schoolCycles.startsOn,
        ends_on: schoolCycles.endsOn,
        status: schoolCycles.status,
        updated_at: page.at,
      })
      .from(schoolCycles)
      .where(and(eq(schoolCycles.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)) as PublicSchoolCycle[],
};

/** Every Public v1 resource enrolment serves (billing serves its own under the same prefix). */
export const PUBLIC_RESOURCES = {
  students: studentResource,
  guardians: guardianResource,
  sections: sectionResource,
  schoolCycles: schoolCycleResource,
} as const;
export type PublicResourceName = keyof typeof PUBLIC_RESOURCES;

/** PostgreSQL prints the instant with its microseconds (see Cursor). */
const asCursorInstant = (at: SQL) =>
  sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A page of a resource in (changed_at, id) order: see pageOf. */
export async function publicPage<Dto extends PublicRow>(
  db: Executor,
  resource: PublicResource<Dto>,
  query: PublicV1Query,
) {
  const conditions: SQL[] = [];
  if (query.updated_since)
    conditions.push(sql`${resource.changedAt} >= ${query.updated_since}::timestamptz`);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      sql`(${resource.changedAt}, ${resource.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await resource.rows(db, {
    schoolId: query.school_id,
    where: and(sql`true`, ...conditions)!,
    orderBy: [asc(resource.changedAt), asc(resource.id)],
    limit: query.page_size + 1,
    at: asCursorInstant(resource.changedAt),
  });
  return pageOf(rows, query.page_size, query.cursor);
}
