import { z } from 'zod';
import { admissionGuardianInputSchema } from './admissions';
import { educationLevelSchema, genderSchema } from '@cuota/contracts/enrolment/entities';

/**
 * POST /api/v1/schools/{id}/signup/ (store, signed out): a family leaves its data from the
 * school's site. Every child becomes a lead of the admissions board; nothing about the
 * school's existing families is revealed or changed (ADR 0015).
 */
const child = z.strictObject({
  first_name: z.string().trim().min(1, 'Escribe el nombre.').max(100, 'Máximo 100 caracteres.'),
  last_name: z.string().trim().min(1, 'Escribe los apellidos.').max(100, 'Máximo 100 caracteres.'),
  level: educationLevelSchema,
  section_id: z.uuid('Elige un grupo válido.').nullable().default(null),
  gender: genderSchema.nullable().default(null),
  birth_date: z.iso.date('Escribe la fecha como AAAA-MM-DD.').nullable().default(null),
});

export const schoolSignupSchema = z.strictObject({
  guardian: admissionGuardianInputSchema.extend({
    email: z.email('Escribe un correo válido.').trim().toLowerCase().max(200),
  }),
  students: z
    .array(child)
    .min(1, 'Agrega al menos un alumno.')
    .max(5, 'Registra hasta 5 alumnos a la vez.'),
  privacy_accepted: z.literal(true, 'Acepta el aviso de privacidad para continuar.'),
});
export type SchoolSignup = z.infer<typeof schoolSignupSchema>;

export const SIGNUP_RECEIVED_MESSAGE =
  'Recibimos tu registro. La escuela se pondrá en contacto contigo por correo.';

export const schoolSignupResultSchema = z.object({
  message: z.string(),
  /** Children registered now; a repeated submission registers none again. */
  registered: z.number().int().nonnegative(),
  /**
   * The leads of the form's children, new or registered before by this same person (same
   * e-mail and name): the store's guest checkout names one so the school sees who bought
   * (ADR 0092). Absent from answers stored before it.
   */
  lead_ids: z.array(z.string()).optional(),
});
export type SchoolSignupResult = z.infer<typeof schoolSignupResultSchema>;
