import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SchoolKind, SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { SchoolListItem, SchoolListQuery } from '@cuota/contracts/enrolment/memberships';
import type { EnrolmentDb } from '../enrolment-db';
import { schoolLogos, schools } from '../schema';
import { containsFolded, foldedSql } from '../search-folding';
import { logoPath } from './school-profile';

/**
 * GET /api/v1/internal/schools/: the given schools (the caller's), optionally of one status
 * and whose name contains `search` (accents and case ignored), by name, a page at a time.
 */
export async function listSchools(
  db: EnrolmentDb,
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
