import { eq, inArray, sql } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  STUDENT_COUNT_CAP,
  type StudentListPage,
  type StudentRow,
  type StudentsByLevelQuery,
} from '@cuota/contracts/enrolment/student-list';
import type { EnrolmentDb } from '../../enrolment-db';
import { levels, sections, students } from '../../schema';
import { studentFilterCondition, studentOrder } from './student-list-query';

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
  db: EnrolmentDb,
  schoolId: string,
  query: Omit<StudentsByLevelQuery, 'page' | 'page_size'>,
  limit: number,
  offset: number,
): Promise<StudentRow[]> {
  const order = studentOrder(query.ordering);
  const pageIds = db
    .select({ id: students.id })
    .from(students)
    .where(studentFilterCondition(schoolId, query))
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
 * Counts at most STUDENT_COUNT_CAP + 1 matches: exact for any ordinary school or filter,
 * and bounded work on a very large one (docs/benchmarks.md).
 */
async function cappedCount(db: EnrolmentDb, schoolId: string, query: StudentsByLevelQuery) {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${students} WHERE ${studentFilterCondition(schoolId, query)} LIMIT ${STUDENT_COUNT_CAP + 1}) AS matches`,
  );
  const n = result.rows[0]?.n ?? 0;
  return { count: Math.min(n, STUDENT_COUNT_CAP), count_is_capped: n > STUDENT_COUNT_CAP };
}

export async function listSchoolStudents(
  db: EnrolmentDb,
  schoolId: string,
  query: StudentsByLevelQuery,
): Promise<StudentListPage> {
  const [results, counted] = await Promise.all([
    selectStudentRows(db, schoolId, query, query.page_size, (query.page - 1) * query.page_size),
    cappedCount(db, schoolId, query),
  ]);
  return { ...counted, page: query.page, page_size: query.page_size, results };
}
