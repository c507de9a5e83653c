import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  type StudentFilters,
  type StudentRow,
  type StudentsByLevelQuery,
} from '@cuota/contracts/enrolment/student-list';
import type { Executor } from '@cuota/messaging/transaction';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import { levels, sections, students } from '../../schema';
import { containsFolded } from '../../search-folding';
import type { FilterCount } from './student-list-rules';

/**
 * The dashboard's students lists (one query, docs/architecture.md "Enrolment endpoints"):
 * their filters and order (the page and its capped count as an answer:
 * student-list-answer-repository.ts), the Excel export's batches and the filters' counts.
 */

/**
 * The filters as SQL compares them, each given or a prepared statement's placeholder:
 * `search` is the folded pattern (`searchPatternOf`), `has_billing_guardian` always given
 * (it picks the condition, not a value).
 */
export type FilterValues = {
  [K in Exclude<keyof StudentFilters, 'has_billing_guardian'>]?: StudentFilters[K] | Placeholder;
} & { has_billing_guardian?: boolean };

/** Anywhere in the name (either order), CURP or matrícula, accents and case aside; one index. */
export const filterValuesOf = (f: StudentFilters): FilterValues => ({
  ...f,
  search: f.search ? containsFolded(f.search) : undefined,
});

/**
 * WHERE of every list, on the students table alone: the school first (every index starts
 * with it), the level resolved to its id so students_school_level_idx applies.
 */
export function filterCondition(schoolId: string | Placeholder, filters: FilterValues): SQL {
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
  if (filters.search) conditions.push(sql`${students.searchText} LIKE ${filters.search}`);
  return and(...conditions)!;
}

/** Same expressions as students_school_name_idx, so a page reads the index in order. */
export function listOrder(ordering: StudentsByLevelQuery['ordering']): SQL[] {
  const dir = ordering === '-last_name' ? desc : asc;
  return [
    dir(spanishOrder(students.lastName)),
    dir(spanishOrder(students.firstName)),
    dir(students.id),
  ];
}

const rowColumns = {
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    curp: students.curp,
    enrolmentCode: students.enrolmentCode,
    gender: students.gender,
    status: students.status,
    billingGuardianId: students.billingGuardianId,
  },
  level: levels.level,
  sectionId: sections.id,
  sectionName: sections.name,
};

type Selected = {
  student: {
    id: string;
    firstName: string;
    lastName: string;
    curp: string | null;
    enrolmentCode: string | null;
    gender: string | null;
    status: string;
    billingGuardianId: string | null;
  };
  level: string;
  sectionId: string | null;
  sectionName: string | null;
};

function toRow({ student: s, level, sectionId, sectionName }: Selected): StudentRow {
  return {
    id: s.id,
    first_name: s.firstName,
    last_name: s.lastName,
    curp: s.curp,
    enrolment_code: s.enrolmentCode,
    gender: s.gender as StudentRow['gender'],
    level: level as EducationLevel,
    section: sectionId ? { id: sectionId, name: sectionName ?? '' } : null,
    status: s.status as StudentStatus,
    billing_guardian_id: s.billingGuardianId,
  };
}

/**
 * Rows of one school in list order, joined to their level and group. The page's ids come
 * first from the name index alone (students_school_name_idx), then only those rows are read
 * and joined: a deep page skips index entries, not whole rows (docs/benchmarks.md).
 */
export function selectStudentRows(
  db: Executor,
  schoolId: string,
  query: Omit<StudentsByLevelQuery, 'page' | 'page_size'>,
  limit: number,
  offset: number,
): Promise<StudentRow[]> {
  const order = listOrder(query.ordering);
  const pageIds = db
    .select({ id: students.id })
    .from(students)
    .where(filterCondition(schoolId, filterValuesOf(query)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return db
    .select(rowColumns)
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(inArray(students.id, pageIds))
    .orderBy(...order)
    .then((rows) => rows.map(toRow));
}

/**
 * Every filter value present in the school with its count, in one pass over the school's
 * students (GROUPING SETS), and the school's levels and groups to name them.
 */
export async function filterCounts(db: Executor, schoolId: string) {
  const [counts, levelRows, sectionRows] = await Promise.all([
    db.execute<FilterCount>(sql`
      SELECT level_id, section_id, status, gender, (billing_guardian_id IS NOT NULL) AS billing,
             GROUPING(level_id, section_id, status, gender, (billing_guardian_id IS NOT NULL)) AS dimension,
             count(*)::int AS n
      FROM students WHERE school_id = ${schoolId}
      GROUP BY GROUPING SETS ((level_id), (level_id, section_id), (status), (gender),
                              ((billing_guardian_id IS NOT NULL)))`),
    db
      .select({ id: levels.id, level: levels.level, name: levels.name })
      .from(levels)
      .where(eq(levels.schoolId, schoolId))
      .orderBy(asc(levels.position)),
    db
      .select({ id: sections.id, name: sections.name, levelId: sections.levelId })
      .from(sections)
      .where(eq(sections.schoolId, schoolId))
      .orderBy(asc(sections.name)),
  ]);
  return { counts: counts.rows, levels: levelRows, sections: sectionRows };
}
