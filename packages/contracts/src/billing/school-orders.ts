import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '@cuota/contracts/common/pagination';
import { periodSchema } from '@cuota/contracts/billing/concepts';
import { orderSchema } from '@cuota/contracts/billing/orders';

/** Which of the school's orders a list or export holds (all filters optional). */
export const schoolOrderFilterSchema = z.object({
  student_id: z.uuid('Elige un alumno válido.').optional(),
  concept_id: z.uuid('Elige un concepto válido.').optional(),
  period: periodSchema.optional(),
  /** open: base still owed; paid: nothing owed; canceled: cancelled by the school. */
  status: z
    .enum(['open', 'paid', 'canceled'], { error: 'El estado debe ser open, paid o canceled.' })
    .optional(),
});
export type SchoolOrderFilter = z.infer<typeof schoolOrderFilterSchema>;

export const schoolOrdersQuerySchema = pageQuerySchema.extend(schoolOrderFilterSchema.shape);
export type SchoolOrdersQuery = z.infer<typeof schoolOrdersQuerySchema>;

/** Adeudos de la escuela: the open orders, so no `status` filter. */
export const schoolDueOrdersQuerySchema = schoolOrdersQuerySchema.omit({ status: true });

/** A page of the school's orders, oldest due first, each as of today (late fee included). */
export const schoolOrderPageSchema = pageSchema(orderSchema);
export type SchoolOrderPage = z.infer<typeof schoolOrderPageSchema>;
