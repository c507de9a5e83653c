import {
  studentImportRowSchema,
  type StudentImportRow,
} from '@cuota/contracts/enrolment/student-import';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianOfSchoolByContact } from '../guardians/guardian-repository';
import { createGuardian } from '../guardians/create-guardian';
import { createStudent } from '../students/create-student';
import { sectionIdByName, studentWithKeysExists } from '../students/student-repository';
import { importKeyOf, RowRejected, rowErrorsOf, type RowError } from './import-rules';

export type RowOutcome = { kind: 'created' | 'skipped' } | { kind: 'invalid'; errors: RowError[] };

/**
 * One row of the sheet, inside the chunk's transaction: checked, skipped if the school
 * already has the student, else registered with its guardian through the same functions
 * the screens use (events included). A bad row rolls back only itself (a savepoint).
 */
export async function importRow(
  tx: Executor,
  schoolId: string,
  cells: Record<string, string>,
): Promise<RowOutcome> {
  const parsed = studentImportRowSchema.safeParse(cells);
  if (!parsed.success)
    return {
      kind: 'invalid',
      errors: parsed.error.issues.map((i) => ({
        field: String(i.path[0] ?? '') || null,
        message: i.message,
      })),
    };
  const row = parsed.data;
  const key = importKeyOf(row);
  const keys = { externalRef: key, curp: row.curp, enrolmentCode: row.matricula };
  if (await studentWithKeysExists(tx, schoolId, keys)) return { kind: 'skipped' };
  try {
    await tx.transaction((sp) => createFromRow(sp, schoolId, row, key));
    return { kind: 'created' };
  } catch (err) {
    return { kind: 'invalid', errors: rowErrorsOf(err) };
  }
}

async function createFromRow(tx: Executor, schoolId: string, row: StudentImportRow, key: string) {
  const sectionId = row.grupo ? await sectionIdOf(tx, schoolId, row, row.grupo) : null;
  const guardianId = row.tutor_nombre ? await guardianFor(tx, schoolId, row) : null;
  await createStudent(tx, {
    school_id: schoolId,
    level: row.nivel,
    section_id: sectionId,
    first_name: row.nombre,
    last_name: row.apellidos,
    gender: row.genero as 'M' | 'F' | null,
    birth_date: row.fecha_nacimiento,
    nationality: 'MX',
    // A school's roster: these children already study there.
    status: 'active',
    guardian_ids: guardianId ? [guardianId] : [],
    billing_guardian_id: guardianId,
    external_ref: key,
    curp: row.curp,
    enrolment_code: row.matricula,
    changed_by: null,
  });
}

async function sectionIdOf(tx: Executor, schoolId: string, row: StudentImportRow, name: string) {
  const id = await sectionIdByName(tx, schoolId, row.nivel, name);
  if (!id) throw new RowRejected('grupo', `La escuela no tiene el grupo «${name}» en ese nivel.`);
  return id;
}

/** The school's guardian with that e-mail (else that exact name), or a new one. */
async function guardianFor(tx: Executor, schoolId: string, row: StudentImportRow): Promise<string> {
  const contact = {
    email: row.tutor_correo,
    firstName: row.tutor_nombre!,
    lastName: row.tutor_apellidos!,
  };
  return (
    (await guardianOfSchoolByContact(tx, schoolId, contact)) ??
    (await createGuardian(tx, {
      school_id: schoolId,
      first_name: row.tutor_nombre!,
      last_name: row.tutor_apellidos!,
      email: row.tutor_correo,
      phone: row.tutor_telefono,
      tax_id: row.tutor_rfc,
    }))
  );
}
