import type { CreateStudent } from '@cuota/contracts/enrolment/students';
import type { Executor } from '@cuota/messaging/transaction';
import { countKnownGuardians } from '../guardians/guardian-repository';
import { insertStudent, levelIdOfKind, sectionIsOfLevel } from './student-repository';
import { billingGuardianRefusal, invalidStudent } from './student-rules';

export type NewStudentInput = CreateStudent & {
  /** An import's key, so a re-run recognises the student. */
  external_ref?: string | null;
  curp?: string | null;
  enrolment_code?: string | null;
  /** The staff user; null for imports, sign-ups and the seed. */
  changed_by?: string | null;
  /** A guardian's relationship to the student, by guardian id, where the form gave one. */
  relationships?: ReadonlyMap<string, string | null>;
};

/**
 * Creates a student with their guardians; enrolment.student.created (naming them) is
 * enqueued in the same transaction: the event exists if and only if the student does.
 */
export async function createStudent(tx: Executor, input: NewStudentInput): Promise<string> {
  const levelId = await levelIdOfKind(tx, input.school_id, input.level);
  if (!levelId) throw invalidStudent('level', 'La escuela no ofrece este nivel.');
  if (input.section_id && !(await sectionIsOfLevel(tx, input.section_id, levelId)))
    throw invalidStudent('section_id', 'El grupo no pertenece a este nivel.');
  const refusal = billingGuardianRefusal(input.billing_guardian_id, input.guardian_ids);
  if (refusal) throw refusal;
  if ((await countKnownGuardians(tx, input.guardian_ids)) !== new Set(input.guardian_ids).size)
    throw invalidStudent('guardian_ids', 'Alguno de los tutores no existe.');
  const id = await insertStudent(
    tx,
    {
      schoolId: input.school_id,
      levelId,
      sectionId: input.section_id,
      firstName: input.first_name,
      lastName: input.last_name,
      gender: input.gender,
      birthDate: input.birth_date,
      nationality: input.nationality,
      status: input.status,
      billingGuardianId: input.billing_guardian_id,
      externalRef: input.external_ref ?? null,
      curp: input.curp ?? null,
      enrolmentCode: input.enrolment_code ?? null,
    },
    input.changed_by ?? null,
    [...new Set(input.guardian_ids)].map((guardianId) => ({
      guardianId,
      relationship: input.relationships?.get(guardianId) ?? null,
    })),
  );
  return id;
}
