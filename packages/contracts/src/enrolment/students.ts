import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/pagination';
import { educationLevelSchema, genderSchema, studentStatusSchema } from './entities';

const name = z.string().trim().min(1, 'Escribe el nombre.').max(100);

/** POST /api/v1/students/: a staff member registers a student in their school. */
export const createStudentSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  level: educationLevelSchema,
  section_id: z.uuid().nullable().default(null),
  first_name: name,
  last_name: name,
  gender: genderSchema.nullable().default(null),
  birth_date: z.iso.date('Escribe la fecha como AAAA-MM-DD.').nullable().default(null),
  nationality: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Usa el código de país ISO de dos letras.')
    .default('MX'),
  status: z.enum(['lead', 'new_student', 'active']).default('new_student'),
  guardian_ids: z.array(z.uuid()).max(5).default([]),
  billing_guardian_id: z.uuid().nullable().default(null),
});
export type CreateStudent = z.infer<typeof createStudentSchema>;

export const studentSummarySchema = z.object({
  id: z.string(),
  school_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  level: educationLevelSchema,
  section: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: studentStatusSchema,
  billing_guardian_id: z.string().nullable(),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;

/** GET /api/v1/students/ for staff: one school's students, searched and paged in SQL. */
export const studentListQuerySchema = pageQuerySchema.extend({
  school_id: z.uuid('Elige una escuela válida.'),
  search: z.string().trim().max(100).optional(),
  status: studentStatusSchema.optional(),
  level: educationLevelSchema.optional(),
});
export const studentPageSchema = pageSchema(studentSummarySchema);
