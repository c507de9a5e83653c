import { z } from 'zod';
import { calendarDateSchema, positiveCentavosSchema } from '@cuota/contracts/common/money';

/** What a proof of payment may be (ADR 0036): a PDF or a photo of the bank's receipt. */
export const PROOF_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ProofContentType = (typeof PROOF_CONTENT_TYPES)[number];
/** 5 MB: a bank's PDF or a phone's photo fits; a video or a scan of a book does not. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field the proof travels in. */
export const PROOF_FIELD = 'file';

/**
 * POST /api/v1/schools/{school}/payins/{payin}/report-as-paid/: a family says it paid these
 * orders by SPEI. `{payin}` is the report's id, chosen by the portal (a UUID).
 */
export const reportTransferSchema = z.strictObject({
  student_id: z.uuid('Elige un alumno.'),
  order_ids: z
    .array(z.uuid('Elige cargos válidos.'), 'Elige los cargos que pagaste.')
    .min(1, 'Elige los cargos que pagaste.')
    .max(100, 'Elige a lo más 100 cargos.'),
  amount_centavos: positiveCentavosSchema,
  /** The day the bank sent it (Mexico City). */
  paid_on: calendarDateSchema,
  /** The SPEI tracking key (clave de rastreo) or the bank's reference. */
  reference: z
    .string('Escribe la clave de rastreo.')
    .trim()
    .min(1, 'Escribe la clave de rastreo.')
    .max(40, 'La clave de rastreo admite a lo más 40 caracteres.')
    .optional(),
});
export type ReportTransfer = z.infer<typeof reportTransferSchema>;

/** Staff refuse a reported transfer that never arrived, saying why. */
export const rejectTransferSchema = z.strictObject({
  reason: z
    .string('Escribe el motivo.')
    .trim()
    .min(5, 'Escribe el motivo (al menos 5 caracteres).')
    .max(300, 'El motivo admite a lo más 300 caracteres.'),
});
export type RejectTransfer = z.infer<typeof rejectTransferSchema>;

export const TRANSFER_REPORT_STATUSES = ['pending', 'success', 'failed', 'canceled'] as const;

/** A transfer a family reported, as the family and the school's staff see it. */
export const transferReportSchema = z.object({
  payin_id: z.string(),
  school_id: z.string(),
  /** pending: staff have not decided; success: confirmed; failed: rejected; canceled: deleted. */
  status: z.enum(TRANSFER_REPORT_STATUSES),
  guardian_id: z.string().nullable(),
  student_id: z.string(),
  student_name: z.string(),
  order_ids: z.array(z.string()),
  amount_centavos: z.number().int().positive(),
  paid_on: z.string(),
  reference: z.string().nullable(),
  proof: z
    .object({
      content_type: z.enum(PROOF_CONTENT_TYPES),
      file_name: z.string(),
      size_bytes: z.number().int().positive(),
      uploaded_at: z.string(),
    })
    .nullable(),
  reported_at: z.string(),
  /** Who confirmed or rejected it, when, and why it was rejected. */
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** The receipt's folio once confirmed. */
  receipt_number: z.string().nullable(),
});
export type TransferReport = z.infer<typeof transferReportSchema>;

export const transferReportListQuerySchema = z.strictObject({
  status: z.enum(TRANSFER_REPORT_STATUSES, 'Elige un estado válido.').optional(),
});

export const transferReportListSchema = z.object({ results: z.array(transferReportSchema) });
export type TransferReportList = z.infer<typeof transferReportListSchema>;
