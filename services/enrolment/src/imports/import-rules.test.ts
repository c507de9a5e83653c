import { studentImportRowSchema } from '@cuota/contracts/enrolment/student-import';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { columnKeyOf, importKeyOf, RowRejected, rowErrorsOf } from './import-rules';

const row = (cells: Record<string, string>) =>
  studentImportRowSchema.parse({ nombre: 'Ana', apellidos: 'Pérez', nivel: 'Primaria', ...cells });

test('a re-run recognises a student by CURP, else matrícula, else name and birth date', () => {
  expect(importKeyOf(row({ curp: 'GORV150312MDFMZL05', matricula: 'A-1' }))).toBe(
    'curp:GORV150312MDFMZL05',
  );
  expect(importKeyOf(row({ matricula: ' A-0001 ' }))).toBe('matricula:a-0001');
  expect(importKeyOf(row({ fecha_nacimiento: '12/03/2015' }))).toBe('nombre:ana perez|2015-03-12');
  expect(importKeyOf(row({}))).toBe(importKeyOf(row({ nombre: 'ANA', apellidos: 'Perez' })));
});

test('header cells become column keys, accents, case and spaces aside', () => {
  expect(columnKeyOf(' Fecha  Nacimiento ')).toBe('fecha_nacimiento');
  expect(columnKeyOf('Matrícula')).toBe('matricula');
});

describe('what the error report says about a row', () => {
  test('a refused cell names its column', () => {
    expect(rowErrorsOf(new RowRejected('grupo', 'No existe.'))).toEqual([
      { field: 'grupo', message: 'No existe.' },
    ]);
  });
  test('the registration’s complaints point at the sheet’s columns', () => {
    const err = new HttpError(400, 'VALIDATION_FAILED', 'Revisa.', [
      { path: 'level', message: 'La escuela no ofrece este nivel.' },
      { path: 'billing_guardian_id', message: 'Tutor.' },
      { path: '', message: 'Otro.' },
    ]);
    expect(rowErrorsOf(err)).toEqual([
      { field: 'nivel', message: 'La escuela no ofrece este nivel.' },
      { field: 'tutor_nombre', message: 'Tutor.' },
      { field: null, message: 'Otro.' },
    ]);
  });
  test('a duplicate CURP or matrícula in the school', () => {
    const unique = (constraint: string) => ({ cause: { code: '23505', constraint } });
    expect(rowErrorsOf(unique('students_school_curp_uq'))).toEqual([
      { field: 'curp', message: 'Otro alumno de la escuela ya tiene esta CURP.' },
    ]);
    expect(rowErrorsOf(unique('students_school_code_uq'))).toEqual([
      { field: 'matricula', message: 'Otro alumno de la escuela ya tiene esta matrícula.' },
    ]);
  });
  test('anything else is not the row’s fault: thrown again', () => {
    const broken = new Error('conexión perdida');
    expect(() => rowErrorsOf(broken)).toThrow(broken);
  });
});
