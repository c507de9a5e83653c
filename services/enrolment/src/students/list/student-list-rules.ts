import {
  EDUCATION_LEVEL_LABELS,
  type EducationLevel,
  type StudentStatus,
} from '@cuota/contracts/enrolment/entities';
import type { StudentFilterOptions } from '@cuota/contracts/enrolment/student-list';
import { STUDENT_STATUS_LABELS } from '@cuota/contracts/enrolment/student-status';

const GENDER_LABELS = { M: 'Masculino', F: 'Femenino' } as const;

/** One row of the GROUPING SETS count: the dimension says which set it belongs to. */
export interface FilterCount extends Record<string, unknown> {
  level_id: string | null;
  section_id: string | null;
  status: string | null;
  gender: string | null;
  billing: boolean | null;
  /** GROUPING() over the 5 grouped expressions: a bit set means "rolled up". */
  dimension: number;
  n: number;
}

const BY_LEVEL = 0b01111;
const BY_SECTION = 0b00111;
const BY_STATUS = 0b11011;
const BY_GENDER = 0b11101;
const BY_BILLING = 0b11110;

/**
 * GET …/students_by_level/filters/: each filter's values with their counts, named from the
 * school's levels and groups. Values with no students are left out, so a filter never
 * offers an empty list; statuses go most common first.
 */
export function filterOptionsOf(
  counts: readonly FilterCount[],
  levels: readonly { id: string; level: string; name: string }[],
  sections: readonly { id: string; name: string; levelId: string }[],
): StudentFilterOptions {
  const by = (mask: number) => counts.filter((r) => r.dimension === mask);
  const levelCount = new Map(by(BY_LEVEL).map((r) => [r.level_id, r.n]));
  const sectionCount = new Map(by(BY_SECTION).map((r) => [r.section_id, r.n]));
  const levelOf = new Map(levels.map((l) => [l.id, l.level as EducationLevel]));
  return {
    levels: levels
      .filter((l) => levelCount.has(l.id))
      .map((l) => ({
        value: l.level as EducationLevel,
        label: EDUCATION_LEVEL_LABELS[l.level as EducationLevel] ?? l.name,
        count: levelCount.get(l.id)!,
      })),
    sections: sections
      .filter((s) => sectionCount.has(s.id))
      .map((s) => ({
        value: s.id,
        label: s.name,
        level: levelOf.get(s.levelId)!,
        count: sectionCount.get(s.id)!,
      })),
    statuses: by(BY_STATUS)
      .map((r) => ({
        value: r.status as StudentStatus,
        label: STUDENT_STATUS_LABELS[r.status as StudentStatus],
        count: r.n,
      }))
      .sort((a, b) => b.count - a.count),
    genders: by(BY_GENDER)
      .filter((r) => r.gender === 'M' || r.gender === 'F')
      .map((r) => ({
        value: r.gender as 'M' | 'F',
        label: GENDER_LABELS[r.gender as 'M' | 'F'],
        count: r.n,
      })),
    billing_guardian: by(BY_BILLING).map((r) => ({
      value: Boolean(r.billing),
      label: r.billing ? 'Con tutor de facturación' : 'Sin tutor de facturación',
      count: r.n,
    })),
  };
}
