import { z } from 'zod';
import { educationLevelSchema, studentStatusSchema } from '@cuota/contracts/enrolment/entities';

/**
 * "Public v1" (GET /api/v1/internal/public/{students,guardians,sections,school-cycles}/):
 * the read API a school's own systems sync from. Keyset pagination over (updated_at, id):
 * `next_cursor` is opaque; `updated_since` returns only rows changed at or after that
 * instant (docs/adr/0014-integration-resync.md).
 */
export const PUBLIC_V1_MAX_PAGE_SIZE = 500;

const uuidField = (name: string) =>
  z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `Indica ${name}.`
        : `${name} no es un identificador válido.`,
  });

export const publicV1QuerySchema = z.object({
  school_id: uuidField('la escuela (school_id)'),
  updated_since: z.iso
    .datetime({
      offset: true,
      error: 'updated_since debe ser una fecha y hora ISO 8601, por ejemplo 2026-01-31T18:00:00Z.',
    })
    .optional(),
  cursor: z.string().max(200, 'El cursor no es válido.').optional(),
  page_size: z.coerce
    .number('page_size debe ser un número.')
    .int('page_size debe ser un número entero.')
    .min(1, 'page_size debe ser al menos 1.')
    .max(PUBLIC_V1_MAX_PAGE_SIZE, `page_size admite hasta ${PUBLIC_V1_MAX_PAGE_SIZE}.`)
    .default(100),
});
export type PublicV1Query = z.infer<typeof publicV1QuerySchema>;

export function publicV1PageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    /**
     * The position after the last row answered: pass it as `cursor` for the next page, or keep
     * it and ask again later for what changed since. null only when nothing was ever answered.
     */
    next_cursor: z.string().nullable(),
    /** More rows are waiting right now (ask again with next_cursor). */
    has_more: z.boolean(),
  });
}

export const publicStudentSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  level_id: z.string(),
  level: educationLevelSchema,
  section_id: z.string().nullable(),
  status: studentStatusSchema,
  curp: z.string().nullable(),
  enrolment_code: z.string().nullable(),
  billing_guardian_id: z.string().nullable(),
  guardian_ids: z.array(z.string()),
  updated_at: z.string(),
});

/** No portal link (guardianHash) ever leaves through here: it is a credential. */
export const publicGuardianSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  billing_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  tax_zip_code: z.string().nullable(),
  updated_at: z.string(),
});

export const publicSectionSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  level_id: z.string(),
  level: educationLevelSchema,
  name: z.string(),
  grade: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  updated_at: z.string(),
});

export const publicSchoolCycleSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  status: z.enum(['draft', 'active', 'closed']),
  updated_at: z.string(),
});

export const publicStudentPageSchema = publicV1PageSchema(publicStudentSchema);
export const publicGuardianPageSchema = publicV1PageSchema(publicGuardianSchema);
export const publicSectionPageSchema = publicV1PageSchema(publicSectionSchema);
export const publicSchoolCyclePageSchema = publicV1PageSchema(publicSchoolCycleSchema);

/**
 * POST /backoffice/integration/single_sync/: re-publish one student or one guardian as it is
 * now (enrolment.student.updated / enrolment.guardian.updated) to the other services.
 */
export const singleSyncSchema = z
  .strictObject({
    student_id: uuidField('el alumno (student_id)').optional(),
    guardian_id: uuidField('el tutor (guardian_id)').optional(),
  })
  .refine((v) => (v.student_id === undefined) !== (v.guardian_id === undefined), {
    message: 'Indica student_id o guardian_id (solo uno).',
  });
export type SingleSync = z.infer<typeof singleSyncSchema>;

/** POST /backoffice/integration/massive_sync/: every student and guardian of the school. */
export const massiveSyncSchema = z.strictObject({ school_id: uuidField('la escuela (school_id)') });
export type MassiveSync = z.infer<typeof massiveSyncSchema>;

/**
 * 202: how many students and guardians are being re-published (single_sync: already in the
 * outbox; massive_sync: enqueued in batches after the answer). The read models catch up as
 * the events arrive.
 */
export const syncAcceptedSchema = z.object({
  /** null for a guardian (who may belong to several schools). */
  school_id: z.string().nullable(),
  students: z.number().int(),
  guardians: z.number().int(),
});
export type SyncAccepted = z.infer<typeof syncAcceptedSchema>;
