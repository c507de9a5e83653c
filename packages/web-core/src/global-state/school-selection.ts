import type { SchoolSummary } from '@cuota/contracts/enrolment/entities';
import type { RiskLevel } from '@cuota/contracts/enrolment/entities';

export interface SchoolSelectionInput {
  /** The user's schools, as the session lists them. */
  schools: SchoolSummary[];
  fraudStatus: RiskLevel;
  /** The one school high-risk users are held to (spec §4); null where none is set up. */
  fraudSchoolId: string | null;
  current: string | null;
}

export interface SchoolSelection {
  schools: SchoolSummary[];
  selectedSchool: string | null;
}

/** Keeps the current choice while it is still offered, else the first school, else none. */
export function keepOrFirst(schoolIds: string[], current: string | null): string | null {
  if (current !== null && schoolIds.includes(current)) return current;
  return schoolIds[0] ?? null;
}

/**
 * Spec §4 school selection: a high-risk user sees every school and is held to the fixed
 * school; everyone else sees their schools without it.
 */
export function resolveSchoolSelection(input: SchoolSelectionInput): SchoolSelection {
  const { schools, fraudStatus, fraudSchoolId, current } = input;
  if (fraudStatus === 'high_risk' && fraudSchoolId !== null) {
    return { schools, selectedSchool: fraudSchoolId };
  }
  const visible = schools.filter((school) => school.id !== fraudSchoolId);
  return {
    schools: visible,
    selectedSchool: keepOrFirst(
      visible.map((school) => school.id),
      current,
    ),
  };
}
