import { z } from 'zod';
import type { Permission } from '@cuota/contracts/access/permissions';
import { pageQuerySchema, pageSchema } from '@cuota/contracts/common/pagination';
import { periodSchema } from '@cuota/contracts/billing/concepts';
import { createScholarshipSchema, reasonSchema } from '@cuota/contracts/billing/scholarships';
import { createSpecialDiscountSchema } from '@cuota/contracts/billing/special-charges';

/** Spec §4 bulk-operation status, word for word (ADR 0040 says which ones a job reaches). */
export const BULK_OPERATION_STATUSES = [
  'STARTED',
  'PENDING',
  'FINISHED',
  'FAILED',
  'CANCELED',
  'SUCCESS',
  'FAILED_AND_CANCELED',
  'FAILED_ON_DELETION',
  'PARTIAL_SUCCESS',
  'RETRYING',
] as const;
export const bulkOperationStatusSchema = z.enum(BULK_OPERATION_STATUSES);
export type BulkOperationStatus = z.infer<typeof bulkOperationStatusSchema>;

/** A job still has work to do in these; the others are final until a retry. */
export const RUNNABLE_STATUSES = ['PENDING', 'STARTED', 'RETRYING'] as const;

/**
 * `bill_run`: a bill run of a concept and period for its level (ADR 0046); `discount`: a
 * special discount on each student's order of a concept and period (ADR 0088); the others
 * ADR 0040's.
 */
export const BULK_JOB_KINDS = [
  'assignment',
  'disassignment',
  'scholarship',
  'bill_run',
  'discount',
] as const;
export type BulkJobKind = (typeof BULK_JOB_KINDS)[number];

/** Who may start a kind of job; they, and only they, may cancel or retry one. */
export const BULK_JOB_GRANTS: Record<BulkJobKind, Permission> = {
  assignment: 'billing.write',
  disassignment: 'billing.write',
  scholarship: 'scholarships.write',
  bill_run: 'concepts.write',
  discount: 'scholarships.write',
};

/** The most students one job takes: a whole school, and then some. */
export const MAX_STUDENTS_PER_JOB = 20_000;

const studentIds = z
  .array(z.uuid('Elige alumnos válidos.'), 'Elige los alumnos.')
  .min(1, 'Elige al menos un alumno.')
  .max(MAX_STUDENTS_PER_JOB, `Elige como máximo ${MAX_STUDENTS_PER_JOB} alumnos a la vez.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Hay alumnos repetidos en la lista.');

/** POST …/massive_assignments/: bill a concept (and period) to the students chosen. */
export const massiveAssignmentSchema = z.strictObject({
  concept_id: z.uuid('Elige un concepto válido.'),
  /** Required for a monthly concept; absent for a one-time one. */
  period: periodSchema.optional(),
  student_ids: studentIds,
});
export type MassiveAssignment = z.infer<typeof massiveAssignmentSchema>;

/** POST …/massive_dissassignments/: cancel the students' unpaid order of a concept and period. */
export const massiveDisassignmentSchema = massiveAssignmentSchema.extend({
  reason: reasonSchema,
});
export type MassiveDisassignment = z.infer<typeof massiveDisassignmentSchema>;

/** POST …/massive_scholarship_assignments/: one scholarship, granted to each student chosen. */
export const massiveScholarshipSchema = z.discriminatedUnion('kind', [
  createScholarshipSchema.options[0].omit({ student_id: true }).extend({ student_ids: studentIds }),
  createScholarshipSchema.options[1].omit({ student_id: true }).extend({ student_ids: studentIds }),
]);
export type MassiveScholarship = z.infer<typeof massiveScholarshipSchema>;

/**
 * POST …/massive_special_discounts/ (ADR 0088): one special discount (percentage, amount off or
 * FIXED price) on each chosen student's unpaid order of a concept and period.
 */
const onEachOrder = { order_id: true } as const;
export const massiveSpecialDiscountSchema = z.discriminatedUnion('kind', [
  createSpecialDiscountSchema.options[0].omit(onEachOrder).extend(massiveAssignmentSchema.shape),
  createSpecialDiscountSchema.options[1].omit(onEachOrder).extend(massiveAssignmentSchema.shape),
  createSpecialDiscountSchema.options[2].omit(onEachOrder).extend(massiveAssignmentSchema.shape),
]);
export type MassiveSpecialDiscount = z.infer<typeof massiveSpecialDiscountSchema>;

/** A student the job could not do, and why, in Spanish. */
export const bulkJobErrorSchema = z.object({
  student_id: z.string(),
  student_name: z.string().nullable(),
  reason: z.string(),
});

export const bulkJobSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  kind: z.enum(BULK_JOB_KINDS),
  status: bulkOperationStatusSchema,
  /** What was asked: the body, without its student list. */
  params: z.record(z.string(), z.unknown()),
  /** Students in the job; done = those finished (well or not); failed ⊆ done. */
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  errors: z.array(bulkJobErrorSchema),
  cancel_requested: z.boolean(),
  created_by: z.string().nullable(),
  /** The staff member's name as it was when they started it (null: a service, or older runs). */
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** How far a job is: what a bill run's answer carries of its job (ADR 0046). */
export const bulkJobProgressSchema = bulkJobSchema.pick({
  status: true,
  total: true,
  done: true,
  failed: true,
  errors: true,
  cancel_requested: true,
});
export type BulkJobProgress = z.infer<typeof bulkJobProgressSchema>;

/** GET …/massive_jobs/: the history, a page at a time, filtered by kind and status. */
export const bulkJobListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(BULK_JOB_KINDS, 'Elige un tipo de proceso válido.').optional(),
  status: z.enum(BULK_OPERATION_STATUSES, 'Elige un estatus válido.').optional(),
});
export type BulkJobListQuery = z.infer<typeof bulkJobListQuerySchema>;
export const bulkJobListSchema = pageSchema(bulkJobSchema);
export type BulkJobList = z.infer<typeof bulkJobListSchema>;
