import { z } from 'zod';
import type { CreateLead } from '@cuota/contracts/enrolment/admissions';
import { EDUCATION_LEVELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import { curpSchema } from '@cuota/contracts/enrolment/student-detail';

const required = (message: string) =>
  z.string().trim().min(1, message).max(100, 'Máximo 100 caracteres.');
const blankOr = (schema: z.ZodType<string, string>) => z.union([z.literal(''), schema]);

/**
 * The "Nuevo interesado" form as the inputs hold it (strings; empty = not given). The
 * service checks again with createLeadSchema; this gives the same messages before sending.
 */
export const leadFormSchema = z.object({
  first_name: required('Escribe el nombre del alumno.'),
  last_name: required('Escribe los apellidos del alumno.'),
  level: z.enum(EDUCATION_LEVELS, 'Elige un nivel.'),
  birth_date: blankOr(z.iso.date('Escribe la fecha como AAAA-MM-DD.')),
  curp: blankOr(curpSchema),
  guardian_first_name: required('Escribe el nombre del tutor.'),
  guardian_last_name: required('Escribe los apellidos del tutor.'),
  guardian_email: blankOr(z.email('Escribe un correo válido.')),
  guardian_phone: blankOr(
    z.string().regex(/^\+?[\d\s-]{8,20}$/, 'Escribe un teléfono de 10 dígitos.'),
  ),
  guardian_relationship: z.string().max(40, 'Máximo 40 caracteres.'),
});
export type LeadFormValues = z.infer<typeof leadFormSchema>;

export const EMPTY_LEAD: LeadFormValues = {
  first_name: '',
  last_name: '',
  level: 'elementary' as EducationLevel,
  birth_date: '',
  curp: '',
  guardian_first_name: '',
  guardian_last_name: '',
  guardian_email: '',
  guardian_phone: '',
  guardian_relationship: '',
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toCreateLead(values: LeadFormValues, schoolId: string): CreateLead {
  return {
    school_id: schoolId,
    level: values.level,
    section_id: null,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    gender: null,
    birth_date: orNull(values.birth_date),
    curp: orNull(values.curp)?.toUpperCase() ?? null,
    guardians: [
      {
        first_name: values.guardian_first_name.trim(),
        last_name: values.guardian_last_name.trim(),
        email: orNull(values.guardian_email),
        phone: orNull(values.guardian_phone),
        relationship: orNull(values.guardian_relationship),
      },
    ],
    guardian_ids: [],
  };
}
