import { z } from 'zod';
import { inscriptionPaymentConceptSchema } from '@cuota/contracts/billing/inscription-payments';
import { pageQuerySchema, pageSchema } from '@cuota/contracts/common/pagination';
import {
  educationLevelSchema,
  enrolmentLabelSchema,
  genderSchema,
  studentStatusSchema,
} from '@cuota/contracts/enrolment/entities';
import { curpSchema } from '@cuota/contracts/enrolment/student-detail';

/**
 * Admissions (spec "v1 admissions"): a family asks (lead), applies (new_student, shown as
 * "Aspirante") and is inscribed (active). Guardians come first: a lead's guardians belong
 * to the school (guardian_schools) before any student of theirs is inscribed.
 */

const name = z.string().trim().min(1, 'Escribe el nombre.').max(100, 'Máximo 100 caracteres.');
const email = z.email('Escribe un correo válido.').trim().toLowerCase().max(200);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s-]{8,20}$/, 'Escribe un teléfono de 10 dígitos (puede llevar lada).');
const relationship = z.string().trim().max(40, 'Máximo 40 caracteres.');

/** A guardian typed in the admissions forms. */
export const admissionGuardianInputSchema = z.strictObject({
  first_name: name,
  last_name: name,
  email: email.nullable().default(null),
  phone: phone.nullable().default(null),
  relationship: relationship.nullable().default(null),
});
export type AdmissionGuardianInput = z.infer<typeof admissionGuardianInputSchema>;

/** POST /api/v1/admissions/create_lead/: the student and at least one guardian. */
export const createLeadSchema = z
  .strictObject({
    school_id: z.uuid('Elige una escuela válida.'),
    level: educationLevelSchema,
    section_id: z.uuid('Elige un grupo válido.').nullable().default(null),
    first_name: name,
    last_name: name,
    gender: genderSchema.nullable().default(null),
    birth_date: z.iso.date('Escribe la fecha como AAAA-MM-DD.').nullable().default(null),
    curp: curpSchema.nullable().default(null),
    /** New guardians, created with the lead. */
    guardians: z.array(admissionGuardianInputSchema).max(5).default([]),
    /** Guardians the school already knows (e.g. a sibling's). */
    guardian_ids: z.array(z.uuid()).max(5).default([]),
  })
  .refine((lead) => lead.guardians.length + lead.guardian_ids.length > 0, {
    path: ['guardians'],
    message: 'Agrega al menos un tutor.',
  });
export type CreateLead = z.infer<typeof createLeadSchema>;

/** POST /api/v1/admissions/create_guardian/: a guardian of the school, optionally of a lead. */
export const createAdmissionGuardianSchema = admissionGuardianInputSchema.extend({
  school_id: z.uuid('Elige una escuela válida.'),
  student_id: z.uuid('Elige un alumno válido.').nullable().default(null),
});

/** POST /api/v1/admissions/link_guardian/{guardian}/: links a known guardian to a lead. */
export const linkGuardianSchema = z.strictObject({
  student_id: z.uuid('Elige un alumno válido.'),
  relationship: relationship.nullable().default(null),
});

/** DELETE …/delete_guardian/{id}/: the lead whose form removes the guardian, if any. */
export const deleteAdmissionGuardianQuerySchema = z.object({
  student_id: z.uuid('Elige un alumno válido.').optional(),
});

/** PUT /api/v1/admissions/update_guardian/{id}/: contact data (fiscal data is the guardian's). */
export const updateAdmissionGuardianSchema = z.strictObject({
  first_name: name,
  last_name: name,
  email: email.nullable(),
  phone: phone.nullable(),
});

const conceptId = z.string().trim().min(1, 'Elige un concepto.').max(64);

/** POST /api/v1/admissions/assign_concepts/ and unassign_concepts/. */
export const admissionConceptsSchema = z.strictObject({
  student_id: z.uuid('Elige un alumno válido.'),
  concept_ids: z
    .array(conceptId)
    .min(1, 'Elige al menos un concepto.')
    .max(20, 'Máximo 20 conceptos a la vez.'),
});
export type AdmissionConcepts = z.infer<typeof admissionConceptsSchema>;

/** Their answer: the ids that actually changed and every concept the admission now has. */
export const admissionConceptsResultSchema = z.object({
  student_id: z.string(),
  changed: z.array(z.string()),
  concept_ids: z.array(z.string()),
});

/** POST …/student_lead/{id}/applicant/: a lead applies (lead → new_student). */
export const promoteLeadSchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
});

/**
 * POST …/student_lead/{id}/inscribe/: an applicant is inscribed (new_student → active).
 * Rule (docs/adr/0012-admissions-inscription.md): allowed when billing says the inscription
 * is paid, or when billing does not answer (NOT_AVAILABLE); otherwise only with
 * without_payment and a reason: the school decides to inscribe before the payment.
 */
export const inscribeApplicantSchema = z
  .strictObject({
    without_payment: z.boolean().default(false),
    reason: z.string().trim().max(500, 'Máximo 500 caracteres.').optional(),
  })
  .refine((body) => !body.without_payment || (body.reason?.length ?? 0) >= 5, {
    path: ['reason'],
    message: 'Escribe por qué se inscribe sin pago (al menos 5 caracteres).',
  });
export type InscribeApplicant = z.infer<typeof inscribeApplicantSchema>;

export const ADMISSION_STATUSES = ['lead', 'new_student', 'active'] as const;
export const admissionStatusSchema = z.enum(ADMISSION_STATUSES);
export type AdmissionStatus = z.infer<typeof admissionStatusSchema>;
/** The board's columns. */
export const ADMISSION_STATUS_LABELS: Record<AdmissionStatus, string> = {
  lead: 'Interesados',
  new_student: 'Aspirantes',
  active: 'Inscritos',
};

/** GET /api/v1/dashboard/schools/{id}/inscriptions/: one column of the board, paged. */
export const inscriptionsQuerySchema = pageQuerySchema.extend({
  status: admissionStatusSchema.default('lead'),
  search: z.string().trim().max(100).optional(),
});

export const admissionGuardianSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  relationship: z.string().nullable(),
});

/** GET /api/v1/admissions/student_lead/{id}/ and the create_lead answer. */
export const admissionStudentSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  level: educationLevelSchema,
  section: z.object({ id: z.string(), name: z.string() }).nullable(),
  gender: genderSchema.nullable(),
  birth_date: z.string().nullable(),
  curp: z.string().nullable(),
  status: studentStatusSchema,
  guardians: z.array(admissionGuardianSchema),
  concept_ids: z.array(z.string()),
  created_at: z.string(),
});
export type AdmissionStudent = z.infer<typeof admissionStudentSchema>;

/** The inscribe answer: the student now, billing's label and whether it was without payment. */
export const inscribedApplicantSchema = admissionStudentSchema.extend({
  label: enrolmentLabelSchema,
  without_payment: z.boolean(),
});

/** One card of the board. */
export const inscriptionCardSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  level: educationLevelSchema,
  status: admissionStatusSchema,
  guardian_names: z.array(z.string()),
  concept_count: z.number().int(),
  updated_at: z.string(),
});
export type InscriptionCard = z.infer<typeof inscriptionCardSchema>;
export const inscriptionPageSchema = pageSchema(inscriptionCardSchema);

/** GET /api/v1/admissions/guardian/{id}/: the guardian with their students in the school. */
export const admissionGuardianDetailSchema = admissionGuardianSchema
  .omit({ relationship: true })
  .extend({
    students: z.array(
      z.object({
        id: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        status: studentStatusSchema,
        relationship: z.string().nullable(),
      }),
    ),
  });

/** check_payments answer for one student. */
export const paymentCheckSchema = z.object({
  student_id: z.string(),
  cycle_id: z.string().nullable(),
  label: enrolmentLabelSchema,
  concepts: z.array(inscriptionPaymentConceptSchema),
  /** The student's status after the check (an applicant with a paid inscription is active). */
  status: studentStatusSchema,
});
export type PaymentCheck = z.infer<typeof paymentCheckSchema>;

/** POST /api/v2/schools/inscriptions/check_payments/: several students of one school. */
export const checkPaymentsBatchSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  student_ids: z
    .array(z.uuid('Elige un alumno válido.'))
    .min(1, 'Elige al menos un alumno.')
    .max(50, 'Máximo 50 alumnos a la vez.'),
});
export const paymentCheckListSchema = z.object({ results: z.array(paymentCheckSchema) });

/** GET /academic-coordinator/students/{id}/inscriptions/: a student's admission history. */
export const studentInscriptionsSchema = z.object({
  student_id: z.string(),
  status: studentStatusSchema,
  concept_ids: z.array(z.string()),
  history: z.array(
    z.object({
      from_status: studentStatusSchema.nullable(),
      to_status: studentStatusSchema,
      reason: z.string().nullable(),
      changed_at: z.string(),
    }),
  ),
});
