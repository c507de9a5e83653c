import { fold, type StudentImportRow } from '@cuota/contracts/enrolment/student-import';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { uniqueViolationOf } from '@cuota/service-runtime/http/unique-violation';

export interface RowError {
  field: string | null;
  message: string;
}

/** Where createStudent's complaints point, in the sheet's column names. */
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

/** A row refused for one of its cells. */
export class RowRejected extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * What the error report says about a row that could not be registered: the column and the
 * Spanish reason. Anything unexpected is not the row's fault and is thrown again.
 */
export function rowErrorsOf(err: unknown): RowError[] {
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

/** The sheet's header cells as column keys ("Fecha nacimiento" → fecha_nacimiento). */
export const columnKeyOf = (header: string) => fold(header).replace(/\s+/g, '_');
