import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { StudentSummary } from '@cuota/contracts/enrolment/students';
import type { z } from 'zod';
import type { studentListQuerySchema } from '@cuota/contracts/enrolment/students';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import type { EnrolmentDb } from '../enrolment-db';
import { levels, sections, students } from '../schema';

type ListQuery = z.infer<typeof studentListQuerySchema>;

const summaryColumns = {
  student: students,
  level: levels.level,
  sectionId: sections.id,
  sectionName: sections.name,
};

function toSummary(row: {
  student: typeof students.$inferSelect;
  level: string;
  sectionId: string | null;
  sectionName: string | null;
}): StudentSummary {
  const { student } = row;
  return {
    id: student.id,
    school_id: student.schoolId,
    first_name: student.firstName,
    last_name: student.lastName,
    level: row.level as EducationLevel,
    section: row.sectionId ? { id: row.sectionId, name: row.sectionName ?? '' } : null,
    status: student.status as StudentStatus,
    billing_guardian_id: student.billingGuardianId,
  };
}

export async function studentById(db: EnrolmentDb, id: string): Promise<StudentSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(eq(students.id, id));
  return row ? toSummary(row) : null;
}

/** Filters, search and paging run in SQL on indexed columns. */
export async function listStudents(db: EnrolmentDb, query: ListQuery) {
  const conditions: SQL[] = [eq(students.schoolId, query.school_id)];
  if (query.status) conditions.push(eq(students.status, query.status));
  if (query.level) conditions.push(eq(levels.level, query.level));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(students.firstName, pattern), ilike(students.lastName, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(students)
      .innerJoin(levels, eq(levels.id, students.levelId))
      .leftJoin(sections, eq(sections.id, students.sectionId))
      .where(where)
      .orderBy(spanishOrder(students.lastName), spanishOrder(students.firstName), asc(students.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: count() })
      .from(students)
      .innerJoin(levels, eq(levels.id, students.levelId))
      .where(where),
  ]);
  return {
    count: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(toSummary),
  };
}
