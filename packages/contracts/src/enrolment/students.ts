import { z } from 'zod';
import { countryCodeSchema } from './countries';
import { educationLevelSchema, genderSchema } from '@cuota/contracts/enrolment/entities';

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
  nationality: countryCodeSchema.default('MX'),
  status: z.enum(['lead', 'new_student', 'active']).default('new_student'),
  guardian_ids: z.array(z.uuid()).max(5).default([]),
  billing_guardian_id: z.uuid().nullable().default(null),
});
export type CreateStudent = z.infer<typeof createStudentSchema>;
