import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import {
  gradesOf,
  type LevelWithSections,
  type StaffLevel,
} from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { sectionsOfSchool } from '../sections/section-repository';
import { levelsOfSchool, toLevel } from './level-repository';

/** A level with its Spanish label and grades (what pickers show). */
export const withGrades = <L extends StaffLevel>(level: L) => ({
  ...level,
  label: EDUCATION_LEVEL_LABELS[level.level],
  grades: gradesOf(level.level),
});

/** Each offered level with its label, its grades and its sections (the dashboard's list). */
export async function levelsWithSections(
  db: Executor,
  schoolId: string,
): Promise<LevelWithSections[]> {
  const [offered, sections] = await Promise.all([
    levelsOfSchool(db, schoolId),
    sectionsOfSchool(db, schoolId),
  ]);
  return offered.map((row) => ({
    ...withGrades(toLevel(row)),
    sections: sections.filter((s) => s.level_id === row.id),
  }));
}
