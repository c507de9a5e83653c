import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  fold,
  studentImportRowSchema,
  type StudentImportRow,
} from '@cuota/contracts/enrolment/student-import';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { uniqueViolationOf } from '../admissions/unique-violation';
import { registerGuardian } from '../guardians/register-guardian';
import { guardianSchools, guardians, levels, sections, students } from '../schema';
import { registerStudent } from '../students/register-student';
import { setStudentKeys } from './student-keys';

export interface RowError {
  field: string | null;
  message: string;
}
export type RowOutcome = { kind: 'created' | 'skipped' } | { kind: 'invalid'; errors: RowError[] };

/** Where registerStudent's complaints point, in the sheet's column names. */
const COLUMN_OF: Record<string, string> = {
  level: 'nivel',
  section_id: 'grupo',
  guardian_ids: 'tutor_nombre',
  billing_guardian_id: 'tutor_nombre',
};

/**
 * The key that makes a re-run of the same file create nothing new: the CURP, else the
 * matrícula, else the name with the birth date. Kept in students.external_ref.
 */
export function importKeyOf(row: StudentImportRow): string {
  if (row.curp) return `curp:${row.curp}`;
  if (row.matricula) return `matricula:${fold(row.matricula)}`;
  return `nombre:${fold(`${row.nombre} ${row.apellidos}`)}|${row.fecha_nacimiento ?? ''}`;
}

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
  if (await alreadyImported(tx, schoolId, row, key)) return { kind: 'skipped' };
  try {
    await tx.transaction((sp) => createFromRow(sp, schoolId, row, key));
    return { kind: 'created' };
  } catch (err) {
    return { kind: 'invalid', errors: rowErrorsOf(err) };
  }
}

async function alreadyImported(tx: Executor, schoolId: string, row: StudentImportRow, key: string) {
  const same: SQL[] = [eq(students.externalRef, key)];
  if (row.curp) same.push(eq(students.curp, row.curp));
  if (row.matricula) same.push(eq(students.enrolmentCode, row.matricula));
  const [found] = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), or(...same)))
    .limit(1);
  return !!found;
}

async function createFromRow(tx: Executor, schoolId: string, row: StudentImportRow, key: string) {
  const sectionId = row.grupo ? await sectionIdOf(tx, schoolId, row) : null;
  const guardianId = row.tutor_nombre ? await guardianFor(tx, schoolId, row) : null;
  const studentId = await registerStudent(tx, {
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
    changed_by: null,
  });
  await setStudentKeys(tx, studentId, { curp: row.curp, enrolmentCode: row.matricula });
}

async function sectionIdOf(tx: Executor, schoolId: string, row: StudentImportRow) {
  const [section] = await tx
    .select({ id: sections.id })
    .from(sections)
    .innerJoin(levels, eq(levels.id, sections.levelId))
    .where(
      and(
        eq(sections.schoolId, schoolId),
        eq(levels.level, row.nivel),
        sql`lower(${sections.name}) = lower(${row.grupo})`,
      ),
    )
    .limit(1);
  if (!section)
    throw rowError('grupo', `La escuela no tiene el grupo «${row.grupo}» en ese nivel.`);
  return section.id;
}

/** The school's guardian with that e-mail (else that exact name), or a new one. */
async function guardianFor(tx: Executor, schoolId: string, row: StudentImportRow): Promise<string> {
  const same = row.tutor_correo
    ? sql`lower(${guardians.email}) = ${row.tutor_correo}`
    : and(eq(guardians.firstName, row.tutor_nombre!), eq(guardians.lastName, row.tutor_apellidos!));
  const [found] = await tx
    .select({ id: guardians.id })
    .from(guardians)
    .innerJoin(guardianSchools, eq(guardianSchools.guardianId, guardians.id))
    .where(and(eq(guardianSchools.schoolId, schoolId), same))
    .limit(1);
  if (found) return found.id;
  return registerGuardian(tx, {
    school_id: schoolId,
    first_name: row.tutor_nombre!,
    last_name: row.tutor_apellidos!,
    email: row.tutor_correo,
    phone: row.tutor_telefono,
    tax_id: row.tutor_rfc,
  });
}

class RowRejected extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
const rowError = (field: string, message: string) => new RowRejected(field, message);

function rowErrorsOf(err: unknown): RowError[] {
  if (err instanceof RowRejected) return [{ field: err.field, message: err.message }];
  if (err instanceof HttpError)
    return (err.details ?? [{ path: '', message: err.message }]).map((d) => ({
      field: COLUMN_OF[d.path] ?? (d.path || null),
      message: d.message,
    }));
  const constraint = uniqueViolationOf(err);
  if (constraint === 'students_school_curp_uq')
    return [{ field: 'curp', message: 'Otro alumno de la escuela ya tiene esta CURP.' }];
  if (constraint === 'students_school_code_uq')
    return [{ field: 'matricula', message: 'Otro alumno de la escuela ya tiene esta matrícula.' }];
  throw err;
}
