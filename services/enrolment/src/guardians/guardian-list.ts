import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { GuardianRow } from '@cuota/contracts/enrolment/guardian-profile';
import type { PageQuery } from '@cuota/contracts/common/pagination';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import type { EnrolmentDb } from '../enrolment-db';
import { guardianSchools, guardians, studentGuardians, students } from '../schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function condition(schoolId: string, search: string | undefined): SQL {
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

/** A school's guardians (guardian_schools), searched by name, e-mail or RFC, paged in SQL. */
export async function listSchoolGuardians(
  db: EnrolmentDb,
  schoolId: string,
  query: PageQuery & { search?: string },
) {
  const where = condition(schoolId, query.search);
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
