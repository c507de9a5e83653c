import type { CreateLead } from '@cuota/contracts/enrolment/admissions';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { createGuardian } from '../guardians/create-guardian';
import { countKnownGuardians } from '../guardians/guardian-repository';
import { createStudent } from '../students/create-student';

/**
 * A lead: its new guardians are created in the school first (guardian_schools), then the
 * student with status `lead`, linked to them with their relationships. Every creation
 * publishes its event.
 */
export async function createLead(
  tx: Executor,
  input: CreateLead,
  /** The staff user; null when the family registered itself (sign-up-family.ts). */
  changedBy: string | null,
): Promise<string> {
  await requireSchoolGuardians(tx, input.school_id, input.guardian_ids);
  const relationships = new Map<string, string | null>();
  for (const guardian of input.guardians) {
    const id = await createGuardian(tx, { ...guardian, school_id: input.school_id });
    relationships.set(id, guardian.relationship);
  }
  return createStudent(tx, {
    school_id: input.school_id,
    level: input.level,
    section_id: input.section_id,
    first_name: input.first_name,
    last_name: input.last_name,
    gender: input.gender,
    birth_date: input.birth_date,
    nationality: 'MX',
    status: 'lead',
    curp: input.curp,
    guardian_ids: [...new Set([...input.guardian_ids, ...relationships.keys()])],
    billing_guardian_id: null,
    changed_by: changedBy,
    relationships,
  });
}

/** Guardians named by id must already belong to the school. */
async function requireSchoolGuardians(tx: Executor, schoolId: string, ids: string[]) {
  if ((await countKnownGuardians(tx, ids, schoolId)) !== new Set(ids).size)
    throw new HttpError(400, 'VALIDATION_FAILED', 'Revisa los tutores del interesado.', [
      { path: 'guardian_ids', message: 'Alguno de los tutores no pertenece a la escuela.' },
    ]);
}
