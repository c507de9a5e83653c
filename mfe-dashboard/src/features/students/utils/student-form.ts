import { z } from 'zod';
import { COUNTRY_CODES, COUNTRY_NAMES } from '@cuota/contracts/enrolment/countries';
import { EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import {
  curpSchema,
  type StudentChanges,
  type StudentDetail,
} from '@cuota/contracts/enrolment/student-detail';

const blankOr = (schema: z.ZodType<string, string>) => z.union([z.literal(''), schema]);
const name = (message: string) =>
  z.string().trim().min(1, message).max(100, 'Máximo 100 caracteres.');

/**
 * The "Editar datos" form as the inputs hold it (strings; empty = not given). The service
 * checks again with patchStudentSchema; this gives the same messages before sending.
 */
export const studentFormSchema = z.object({
  first_name: name('Escribe el nombre.'),
  last_name: name('Escribe los apellidos.'),
  gender: z.enum(['', 'M', 'F'], 'Elige el sexo.'),
  birth_date: blankOr(z.iso.date('Escribe la fecha como AAAA-MM-DD.')),
  // A code outside the list (an old record) stays as it is unless another country is picked.
  nationality: z.string().min(2, 'Elige un país de la lista.'),
  curp: blankOr(curpSchema),
  enrolment_code: z.string().trim().max(30, 'Máximo 30 caracteres.'),
  level: z.enum(EDUCATION_LEVELS, 'Elige un nivel.'),
  section_id: z.string(),
});
export type StudentFormValues = z.infer<typeof studentFormSchema>;
export type StudentFormField = keyof StudentFormValues;
export const STUDENT_FORM_FIELDS = Object.keys(studentFormSchema.shape) as StudentFormField[];

/** The form filled with the student as the service answered. */
export function studentFormValues(s: StudentDetail): StudentFormValues {
  return {
    first_name: s.first_name,
    last_name: s.last_name,
    gender: s.gender ?? '',
    birth_date: s.birth_date ?? '',
    nationality: s.nationality,
    curp: s.curp ?? '',
    enrolment_code: s.enrolment_code ?? '',
    level: s.level,
    section_id: s.section?.id ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The form as the API writes it (null for an empty optional field). */
function toStudentChanges(v: StudentFormValues): Required<StudentChanges> {
  return {
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    gender: v.gender === '' ? null : v.gender,
    birth_date: orNull(v.birth_date),
    nationality: v.nationality as Required<StudentChanges>['nationality'],
    curp: orNull(v.curp)?.toUpperCase() ?? null,
    enrolment_code: orNull(v.enrolment_code),
    level: v.level,
    section_id: orNull(v.section_id),
  };
}

/** The PATCH body: only what differs from the student as loaded (empty when nothing does). */
export function changedFields(student: StudentDetail, values: StudentFormValues): StudentChanges {
  const before = toStudentChanges(studentFormValues(student));
  const after = toStudentChanges(values);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof StudentChanges)[])
    if (after[key] !== before[key]) changes[key] = after[key];
  return changes as StudentChanges;
}

/** The Nacionalidad picker: ISO codes in the order of their Spanish names. */
export const COUNTRY_OPTIONS: { code: string; name: string }[] = COUNTRY_CODES.map((code) => ({
  code,
  name: COUNTRY_NAMES[code],
})).sort((a, b) => a.name.localeCompare(b.name, 'es'));
