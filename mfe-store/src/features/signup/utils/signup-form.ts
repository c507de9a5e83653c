import { z } from 'zod';
import { EDUCATION_LEVELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { SchoolSignup } from '@cuota/contracts/enrolment/signup';

const required = (message: string) =>
  z.string().trim().min(1, message).max(100, 'Máximo 100 caracteres.');

const childSchema = z.object({
  first_name: required('Escribe el nombre del alumno.'),
  last_name: required('Escribe los apellidos del alumno.'),
  level: z.enum(EDUCATION_LEVELS, 'Elige un nivel.'),
});

/**
 * The sign-up form as its inputs hold it (strings; empty phone = not given). The service
 * checks again with schoolSignupSchema; this gives the same messages before sending.
 */
export const signupFormSchema = z.object({
  first_name: required('Escribe tu nombre.'),
  last_name: required('Escribe tus apellidos.'),
  email: z.email('Escribe un correo válido.'),
  phone: z.union([
    z.literal(''),
    z.string().regex(/^\+?[\d\s-]{8,20}$/, 'Escribe un teléfono de 10 dígitos.'),
  ]),
  children: z.array(childSchema).min(1, 'Agrega al menos un alumno.').max(5),
  privacy_accepted: z.boolean().refine(Boolean, 'Acepta el aviso de privacidad para continuar.'),
});
export type SignupFormValues = z.input<typeof signupFormSchema>;

export const MAX_CHILDREN = 5;

export const emptyChild = (level: EducationLevel) => ({ first_name: '', last_name: '', level });

export const emptySignup = (level: EducationLevel): SignupFormValues => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  children: [emptyChild(level)],
  privacy_accepted: false,
});

export function toSchoolSignup(values: z.output<typeof signupFormSchema>): SchoolSignup {
  return {
    guardian: {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone: values.phone || null,
      relationship: null,
    },
    students: values.children.map((child) => ({
      ...child,
      section_id: null,
      gender: null,
      birth_date: null,
    })),
    privacy_accepted: true,
  };
}
