/** What a copy of a student knows of its guardians. */
export interface StudentCopyGuardians {
  billingGuardianId: string | null;
  guardianIds: readonly string[] | null;
}

/**
 * Whether the guardian is one of the student's: its billing guardian or any guardian linked
 * to it (both parents see the family's money, docs/adr/0023). The repository's
 * `guardianOfStudentSql` is the same rule for a WHERE.
 */
export const isGuardianOfStudent = (guardianId: string, student: StudentCopyGuardians) =>
  student.billingGuardianId === guardianId || (student.guardianIds ?? []).includes(guardianId);
