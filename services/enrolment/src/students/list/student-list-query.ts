import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { StudentFilters, StudentsByLevelQuery } from '@cuota/contracts/enrolment/student-list';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import { levels, students, studentSearchText } from '../../schema';
import { containsFolded } from '../../search-folding';

/** Anywhere in the name (either order), CURP or matrícula, accents and case aside; one index. */
function searchCondition(search: string): SQL {
  return sql`${studentSearchText(students)} LIKE ${containsFolded(search)}`;
}

/**
 * WHERE of every dashboard students list, on the students table alone: the school first
 * (every index starts with it), the level resolved to its id so students_school_level_idx
 * applies.
 */
export function studentFilterCondition(schoolId: string, filters: StudentFilters): SQL {
  const conditions: SQL[] = [eq(students.schoolId, schoolId)];
  if (filters.level)
    conditions.push(
      eq(
        students.levelId,
        sql`(SELECT ${levels.id} FROM ${levels} WHERE ${levels.schoolId} = ${schoolId} AND ${levels.level} = ${filters.level})`,
      ),
    );
  if (filters.section_id) conditions.push(eq(students.sectionId, filters.section_id));
  if (filters.status) conditions.push(eq(students.status, filters.status));
  if (filters.gender) conditions.push(eq(students.gender, filters.gender));
  if (filters.has_billing_guardian !== undefined)
    conditions.push(
      filters.has_billing_guardian
        ? isNotNull(students.billingGuardianId)
        : isNull(students.billingGuardianId),
    );
  if (filters.search) conditions.push(searchCondition(filters.search));
  return and(...conditions)!;
}

/** Same expressions as students_school_name_idx, so a page reads the index in order. */
export function studentOrder(ordering: StudentsByLevelQuery['ordering']): SQL[] {
  const dir = ordering === '-last_name' ? desc : asc;
  return [
    dir(spanishOrder(students.lastName)),
    dir(spanishOrder(students.firstName)),
    dir(students.id),
  ];
}
