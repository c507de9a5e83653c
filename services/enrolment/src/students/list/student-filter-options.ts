import { asc, eq, sql } from 'drizzle-orm';
import {
  EDUCATION_LEVEL_LABELS,
  type EducationLevel,
  type StudentStatus,
} from '@cuota/contracts/enrolment/entities';
import type { StudentFilterOptions } from '@cuota/contracts/enrolment/student-list';
import { STUDENT_STATUS_LABELS } from '@cuota/contracts/enrolment/student-status';
import type { EnrolmentDb } from '../../enrolment-db';
import { levels, sections } from '../../schema';

const GENDER_LABELS = { M: 'Masculino', F: 'Femenino' } as const;

interface CountRow extends Record<string, unknown> {
  level_id: string | null;
  section_id: string | null;
  status: string | null;
  gender: string | null;
  billing: boolean | null;
  dimension: number;
  n: number;
}

/**
 * GET …/students_by_level/filters/: every value present in the school with its count, in
 * one pass over the school's students (GROUPING SETS), named from the small level and
 * group tables. Values with no students are left out, so a filter never shows an empty list.
 */
export async function studentFilterOptions(
  db: EnrolmentDb,
  schoolId: string,
): Promise<StudentFilterOptions> {
  const [counts, levelRows, sectionRows] = await Promise.all([
    db.execute<CountRow>(sql`
      SELECT level_id, section_id, status, gender, (billing_guardian_id IS NOT NULL) AS billing,
             GROUPING(level_id, section_id, status, gender, (billing_guardian_id IS NOT NULL)) AS dimension,
             count(*)::int AS n
      FROM students WHERE school_id = ${schoolId}
      GROUP BY GROUPING SETS ((level_id), (level_id, section_id), (status), (gender),
                              ((billing_guardian_id IS NOT NULL)))`),
    db.select().from(levels).where(eq(levels.schoolId, schoolId)).orderBy(asc(levels.position)),
    db.select().from(sections).where(eq(sections.schoolId, schoolId)).orderBy(asc(sections.name)),
  ]);
  // GROUPING() is a bit mask over its 5 arguments: 0 means "grouped by it" (bit set = rolled up).
  const by = (mask: number) => counts.rows.filter((r) => r.dimension === mask);
  const levelCount = new Map(by(0b01111).map((r) => [r.level_id, r.n]));
  const sectionCount = new Map(by(0b00111).map((r) => [r.section_id, r.n]));
  const levelOf = new Map(levelRows.map((l) => [l.id, l.level as EducationLevel]));
  return {
    levels: levelRows
      .filter((l) => levelCount.has(l.id))
      .map((l) => ({
        value: l.level as EducationLevel,
        label: EDUCATION_LEVEL_LABELS[l.level as EducationLevel] ?? l.name,
        count: levelCount.get(l.id)!,
      })),
    sections: sectionRows
      .filter((s) => sectionCount.has(s.id))
      .map((s) => ({
        value: s.id,
        label: s.name,
        level: levelOf.get(s.levelId)!,
        count: sectionCount.get(s.id)!,
      })),
    statuses: by(0b11011)
      .map((r) => ({
        value: r.status as StudentStatus,
        label: STUDENT_STATUS_LABELS[r.status as StudentStatus],
        count: r.n,
      }))
      .sort((a, b) => b.count - a.count),
    genders: by(0b11101)
      .filter((r) => r.gender === 'M' || r.gender === 'F')
      .map((r) => ({
        value: r.gender as 'M' | 'F',
        label: GENDER_LABELS[r.gender as 'M' | 'F'],
        count: r.n,
      })),
    billing_guardian: by(0b11110).map((r) => ({
      value: !!r.billing,
      label: r.billing ? 'Con tutor de facturación' : 'Sin tutor de facturación',
      count: r.n,
    })),
  };
}
