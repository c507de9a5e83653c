import { z } from 'zod';
import { calendarDateSchema } from '@cuota/contracts/common/money';
import { datesInOrder, payinFilterSchema } from '@cuota/contracts/payments/payins';

/** POST /backoffice/payins/{id}/assign_ticket_number/: the gateway's ticket of a lost answer. */
export const assignTicketNumberSchema = z.strictObject({
  ticket_number: z
    .string('Escribe el número de ticket de la pasarela.')
    .trim()
    .regex(
      /^[0-9A-Za-z-]{6,64}$/,
      'El número de ticket tiene de 6 a 64 letras, dígitos o guiones.',
    ),
});

/** POST /backoffice/payins/sync/: reconcile a school's pending card payins now. */
export const payinSyncSchema = z
  .strictObject({
    school_id: z.uuid('Elige una escuela válida.'),
    /** Payins created from/to these Mexico City dates, inclusive; absent: all pending. */
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .refine(datesInOrder.check, datesInOrder);
export type PayinSync = z.infer<typeof payinSyncSchema>;

/** What reconciliation found among the pending card payins it checked. */
export const payinSyncReportSchema = z.object({
  checked: z.number().int().nonnegative(),
  settled: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  still_pending: z.number().int().nonnegative(),
});

/**
 * GET /backoffice/payins/: Pagos' filters and paging over every school where the caller may
 * read payments, or one (`school_id`).
 */
export const backofficePayinQuerySchema = payinFilterSchema
  .extend({
    school_id: z.uuid('Elige una escuela válida.').optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(25),
  })
  .refine(datesInOrder.check, datesInOrder);
