import { z } from 'zod';
import { publicV1PageSchema, publicV1QuerySchema } from '../enrolment/integrations';
import { conceptTypeSchema } from '@cuota/contracts/billing/concepts';
import { orderSchema } from '@cuota/contracts/billing/orders';
import { schoolOrdersQuerySchema } from '@cuota/contracts/billing/school-orders';

/** Rows without the school in their path name it in the query (docs/permissions.md). */
export const schoolIdSchema = z.uuid({
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? 'Indica la escuela (school_id).'
      : 'Elige una escuela válida.',
});

/** GET /api/v1/dashboard/orders/ and /api/v1/internal/orders/: the school's orders, paged. */
export const schoolOrdersByQuerySchema = schoolOrdersQuerySchema.extend({
  school_id: schoolIdSchema,
});

/** The school's reports billing can hand over as a workbook (docs/adr/0041). */
export const REPORT_KINDS = ['fulfillments', 'due_orders', 'delinquency'] as const;
export const reportKindSchema = z.enum(REPORT_KINDS, {
  error: 'El reporte debe ser fulfillments, due_orders o delinquency.',
});
export type ReportKind = z.infer<typeof reportKindSchema>;

export const REPORT_TITLES: Record<ReportKind, string> = {
  fulfillments: 'Cargos',
  due_orders: 'Adeudos',
  delinquency: 'Morosidad',
};

export const reportExcelQuerySchema = z.object({
  school_id: schoolIdSchema,
  report: reportKindSchema,
});
export const schoolQuerySchema = z.object({ school_id: schoolIdSchema });

/** A table of the dashboard and the link that downloads it (GET /api/v1/dashboard/table-links/). */
export const tableLinkSchema = z.object({
  report: z.union([reportKindSchema, z.literal('all')]),
  title: z.string(),
  format: z.enum(['xlsx', 'zip']),
  url: z.string(),
});
export const tableLinksSchema = z.array(tableLinkSchema);
export type TableLink = z.infer<typeof tableLinkSchema>;

/** A student's paid orders of one concept type, with how much they paid (late fees included). */
export const paidByConceptTypeSchema = z.object({
  concept_type: conceptTypeSchema,
  concept_type_label: z.string(),
  paid_centavos: z.number().int(),
  orders: z.array(orderSchema),
});
export const paidByConceptTypesSchema = z.array(paidByConceptTypeSchema);
export type PaidByConceptType = z.infer<typeof paidByConceptTypeSchema>;

/** What each guardian's students owe at a school as of today (the quote's numbers). */
export const guardianDebtSchema = z.object({
  guardian_id: z.string(),
  student_ids: z.array(z.string()),
  pending_centavos: z.number().int(),
  late_fee_centavos: z.number().int(),
  overdue_centavos: z.number().int(),
});
export const guardianDebtListSchema = z.array(guardianDebtSchema);
export type GuardianDebt = z.infer<typeof guardianDebtSchema>;

/**
 * Billing's "Public v1" rows page like enrolment's (opaque cursor, page_size) but by creation:
 * orders have no change instant, so `updated_since` is not offered (docs/adr/0041).
 */
export const billingPublicQuerySchema = publicV1QuerySchema.omit({ updated_since: true });
export type BillingPublicQuery = z.infer<typeof billingPublicQuerySchema>;
export const conceptOrdersQuerySchema = billingPublicQuerySchema.omit({ school_id: true });

export const publicFulfillmentPageSchema = publicV1PageSchema(orderSchema);

export const conceptAssignmentSchema = z.object({
  concept_id: z.string(),
  concept_name: z.string(),
  student_id: z.string(),
  periods: z.array(z.string().nullable()),
  orders: z.number().int(),
});
export const conceptAssignmentPageSchema = publicV1PageSchema(conceptAssignmentSchema);
export type ConceptAssignment = z.infer<typeof conceptAssignmentSchema>;
