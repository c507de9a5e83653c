import { z } from 'zod';
import { calendarDateSchema } from '@cuota/contracts/common/money';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { conceptTypeSchema, periodSchema } from '@cuota/contracts/billing/concepts';
import { orderPaymentStatusSchema } from '@cuota/contracts/billing/inscription-payments';

/**
 * An order (the spec's fulfillment): what one student owes for one concept and period.
 * Amounts are integer centavos. `late_fee_centavos`, `pending_amount` and `final_amount` are
 * as of `as_of` (a Mexico City date): the late fee accrues while the order is unpaid past its
 * due date and grace days (ADR 0016).
 */
export const orderSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  student: z.object({ id: z.string(), name: z.string() }),
  concept_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  /** `AAAA-MM` for a monthly fee; null for a one-time concept. */
  period: periodSchema.nullable(),
  due_on: calendarDateSchema,
  /** The base: the concept's price when billed, or as corrected. */
  amount_centavos: z.number().int(),
  /** ADR 0035's steps on the base; total = amount − scholarship − discount + surcharge. */
  scholarship_centavos: z.number().int(),
  discount_centavos: z.number().int(),
  surcharge_centavos: z.number().int(),
  total_centavos: z.number().int(),
  late_fee_centavos: z.number().int(),
  /** The late fee is forgiven (INTEREST_FORG). */
  interest_forgiven: z.boolean(),
  /** When the school cancelled it (its total is then 0; ADR 0035), else null. */
  canceled_at: z.string().nullable(),
  /** Early-payment (BRILLAMONT) discount taken, or on offer as of `as_of`. */
  early_payment_discount_centavos: z.number().int(),
  /** Money paid (late fee included). */
  paid_centavos: z.number().int(),
  /** What is left to pay: total + late fee − discounts − paid (spec §5 `pending_amount`). */
  pending_amount: z.number().int(),
  /** What the order costs in all (spec §5 `final_amount`, used when nothing is pending). */
  final_amount: z.number().int(),
  status: orderPaymentStatusSchema,
  /** Whether a CFDI is issued when it is paid (spec §3 fulfillment `is_billable`). */
  is_billable: z.boolean(),
  /** Orders removed with this one from a dashboard selection (spec §4); none today. */
  fulfillments_dependent: z.array(z.string()),
  as_of: calendarDateSchema,
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** One payment applied to an order (from payments' events). */
export const orderAllocationSchema = z.object({
  payin_id: z.string(),
  base_centavos: z.number().int(),
  late_fee_centavos: z.number().int(),
  applied_at: z.string(),
});

/**
 * GET /api/v1/students/{student}/orders/{order}/: the order with the payments applied to it; a
 * payin voided or refunded adds a row of negative amounts with that payin's id.
 */
export const orderDetailSchema = orderSchema.extend({
  allocations: z.array(orderAllocationSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /api/v2/dashboard/students/{id}/concepts/: a student's orders grouped by concept. */
export const studentConceptSchema = z.object({
  concept_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  pending_amount: z.number().int(),
  orders: orderListSchema,
});
export type StudentConcept = z.infer<typeof studentConceptSchema>;
export const studentConceptListSchema = z.array(studentConceptSchema);

/** A concept assigned to a student: the periods it was billed for and what is left of it. */
export const studentAssignmentSchema = z.object({
  concept_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  /** The billed periods (`AAAA-MM`), null for a one-time concept, oldest due first. */
  periods: z.array(z.string().nullable()),
  orders: z.number().int(),
  pending_amount: z.number().int(),
});
export const studentAssignmentListSchema = z.array(studentAssignmentSchema);

/** ?as_of=AAAA-MM-DD on the order reads: late fees as of that date (default: today). */
export const asOfQuerySchema = z.object({ as_of: calendarDateSchema.optional() });

/** Spec §4 due status of a student in the due-orders report (ADR 0016). */
export const DUE_STATUSES = ['DUE', 'PAID', 'PENDING', 'OUTSTANDING'] as const;
export const dueStatusSchema = z.enum(DUE_STATUSES);
export type DueStatus = z.infer<typeof dueStatusSchema>;
export const DUE_STATUS_LABELS: Record<DueStatus, string> = {
  PAID: 'Al corriente',
  PENDING: 'Por vencer',
  DUE: 'Vencido en gracia',
  OUTSTANDING: 'Con adeudo vencido',
};

/** One student of GET /api/v4/dashboard/schools/{id}/due_orders/students/. */
export const dueOrderStudentSchema = z.object({
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The school's matrícula; null when it gave none (or enrolment has not said it yet). */
  enrolment_code: z.string().nullable(),
  level: educationLevelSchema,
  section_id: z.string().nullable(),
  open_orders: z.number().int(),
  /** Everything still owed as of today, late fees included (the sum of its orders' pending). */
  pending_centavos: z.number().int(),
  /** Of it, the late fees accrued and unpaid. */
  late_fee_centavos: z.number().int(),
  /** Of it, what is past its due date. */
  overdue_centavos: z.number().int(),
  oldest_due_on: calendarDateSchema.nullable(),
  due_status: dueStatusSchema,
});
export type DueOrderStudent = z.infer<typeof dueOrderStudentSchema>;

export const dueOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  /** Part of the student's name or matrícula. */
  search: z.string().trim().max(80).optional(),
  level: educationLevelSchema.optional(),
  section_id: z.uuid('Elige un grupo válido.').optional(),
  due_status: dueStatusSchema.optional(),
  ordering: z
    .enum(['last_name', '-pending_centavos', '-overdue_centavos', 'oldest_due_on'])
    .default('last_name'),
});
export type DueOrdersQuery = z.infer<typeof dueOrdersQuerySchema>;

export const dueOrderFiltersSchema = z.object({
  levels: z.array(
    z.object({ level: educationLevelSchema, label: z.string(), students: z.number().int() }),
  ),
  sections: z.array(
    z.object({ id: z.string(), level: educationLevelSchema, students: z.number().int() }),
  ),
  due_statuses: z.array(
    z.object({ status: dueStatusSchema, label: z.string(), students: z.number().int() }),
  ),
  /** The school's base amounts, before late fees (those are per student, as of today). */
  totals: z.object({ pending_centavos: z.number().int(), overdue_centavos: z.number().int() }),
});

/** GET …/due_orders/students/{student}/: the student's open orders as of today. */
export const dueOrderStudentDetailSchema = dueOrderStudentSchema.extend({
  orders: orderListSchema,
});
