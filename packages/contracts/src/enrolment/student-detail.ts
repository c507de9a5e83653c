import { z } from 'zod';
import { countryCodeSchema } from './countries';
import {
  educationLevelSchema,
  genderSchema,
  studentStatusSchema,
} from '@cuota/contracts/enrolment/entities';

const name = z.string().trim().min(1, 'Escribe el nombre.').max(100, 'Máximo 100 caracteres.');

/** CURP: 18 characters (RENAPO's shape); stored upper case. */
export const curpSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z\d]\d$/, 'La CURP debe tener 18 caracteres válidos.');

/** Matrícula: whatever the school uses, within reason. */
const enrolmentCode = z.string().trim().min(1, 'Escribe la matrícula.').max(30);

/** The personal data a student's guardian may also correct from the portal. */
const personalFields = {
  first_name: name,
  last_name: name,
  gender: genderSchema.nullable(),
  birth_date: z.iso.date('Escribe la fecha como AAAA-MM-DD.').nullable(),
  nationality: countryCodeSchema,
  curp: curpSchema.nullable(),
};

/** What only the school decides: placement and matrícula. School and status never change here. */
const schoolFields = {
  level: educationLevelSchema,
  section_id: z.uuid('Elige un grupo válido.').nullable(),
  enrolment_code: enrolmentCode.nullable(),
};

/** PUT /api/v1/students/{id}/ by staff: every field. */
export const replaceStudentSchema = z.strictObject({ ...personalFields, ...schoolFields });
/** PATCH /api/v1/students/{id}/ by staff: any subset. */
export const patchStudentSchema = replaceStudentSchema.partial();
/** PUT by a guardian of the student: every personal field. */
export const guardianReplaceStudentSchema = z.strictObject(personalFields);
/** PATCH by a guardian of the student. */
export const guardianPatchStudentSchema = guardianReplaceStudentSchema.partial();
export type StudentChanges = z.infer<typeof patchStudentSchema>;

/**
 * What PUT /api/v1/students/{id}/ accepts from anyone: every personal field, the school's
 * fields optional. The service then holds each caller to their own schema (staff: every
 * field; a guardian: no school field).
 */
export const studentReplaceBodySchema = z.strictObject({
  ...personalFields,
  ...z.object(schoolFields).partial().shape,
});

export const studentGuardianSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  relationship: z.string().nullable(),
  billing_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  is_billing_guardian: z.boolean(),
});
export type StudentGuardian = z.infer<typeof studentGuardianSchema>;

/** GET/PUT/PATCH /api/v1/students/{id}/ answer: the whole record the detail page shows. */
export const studentDetailSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: genderSchema.nullable(),
  birth_date: z.string().nullable(),
  nationality: z.string(),
  curp: z.string().nullable(),
  enrolment_code: z.string().nullable(),
  level: educationLevelSchema,
  section: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: studentStatusSchema,
  status_reason: z.string().nullable(),
  billing_guardian_id: z.string().nullable(),
  /** Path of the photo (GET /api/v2/students/{id}/photo/), null without one. */
  photo_url: z.string().nullable(),
  guardians: z.array(studentGuardianSchema),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

/** Where a student's photo is served (our extension beside the spec's upload_photo). */
export const studentPhotoPath = (studentId: string) => `/api/v2/students/${studentId}/photo/`;

/** upload_photo limits: what a phone photo fits in after the browser shrinks it. */
export const STUDENT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const STUDENT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /api/v4/dashboard/trigger-save-action/students/{id}/ (202): the event on its way. */
export const studentRepublishedSchema = z.object({
  student_id: z.string(),
  published: z.literal('enrolment.student.updated'),
});
