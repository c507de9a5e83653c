import { z } from 'zod';
import { bulkJobProgressSchema } from './bulk-jobs';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { periodSchema } from '@cuota/contracts/billing/concepts';

/** Spec §4 job status. */
export const JOB_STATUSES = ['PENDING', 'FINISHED', 'ERROR', 'FINISHED_WITH_ERROR'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/**
 * POST /book-keeper/massive_concept_assignments/: a bill run. Every active student of the
 * concept's level (or the whole school) gets the concept's order for the period; students who
 * already have it get nothing new (ADR 0016). It runs as a job in chunks of students (ADR
 * 0046): a small one is done before the answer, a big one answers PENDING with its progress.
 */
export const createBillRunSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  concept_id: z.uuid('Elige un concepto válido.'),
  /** Required for a monthly concept; absent for a one-time one. */
  period: periodSchema.optional(),
});
export type CreateBillRun = z.infer<typeof createBillRunSchema>;

export const billRunSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  concept_id: z.string(),
  period: periodSchema.nullable(),
  status: jobStatusSchema,
  /** Students the run bills (active, of the concept's level). */
  eligible_students: z.number().int(),
  created_orders: z.number().int(),
  /** Students who already had the order (a repeated run). */
  existing_orders: z.number().int(),
  total_centavos: z.number().int(),
  /** Orders a DELETE removed (unpaid ones only) and those it kept because money was applied. */
  removed_orders: z.number().int(),
  kept_orders: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /**
   * A bill run asked for at the endpoint runs as a job with the run's id (ADR 0046): its
   * students gone through, failed and why, and its bulk-operation status. The counts above
   * are of the chunks committed so far. Null: a run inside another command (a subscription,
   * a massive assignment's chunk, auto-assign).
   */
  progress: bulkJobProgressSchema.nullable(),
});
export type BillRun = z.infer<typeof billRunSchema>;

/** GET …/schools/{id}/bill_run_preview/: the run the form is about to start (issue 17). */
export const billRunPreviewQuerySchema = createBillRunSchema.omit({ school_id: true });
export type BillRunPreviewQuery = z.infer<typeof billRunPreviewQuerySchema>;

/** What a run of this concept and period would bill now: each student lacking the order once. */
export const billRunPreviewSchema = z.object({
  concept_id: z.string(),
  period: periodSchema.nullable(),
  /** Students who would get an order, and the orders' total at the concept's price. */
  students: z.number().int(),
  total_centavos: z.number().int(),
  /** Active students of the level who already have it: the run leaves them as they are. */
  existing_orders: z.number().int(),
  levels: z.array(
    z.object({
      level: educationLevelSchema,
      students: z.number().int(),
      total_centavos: z.number().int(),
    }),
  ),
  /**
   * The run of this month that stands (running, or ended and not undone): starting another is
   * refused with a 409 naming it (ADR 0054). Null: the run may start.
   */
  standing_run: z
    .object({ id: z.string(), status: jobStatusSchema, created_at: z.string() })
    .nullable(),
});
export type BillRunPreview = z.infer<typeof billRunPreviewSchema>;
