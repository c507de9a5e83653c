import { z } from 'zod';
import { allocationSchema } from '@cuota/contracts/payments/payins';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** A student's credit balance paid new orders: billing marks them, invoicing invoices them. */
export const creditAppliedSchema = z.object({
  application_id: z.string(),
  school_id: z.string(),
  student_id: z.string(),
  applied_at: z.string(),
  allocations: z.array(allocationSchema).min(1),
});
export const creditAppliedV1 = defineEvent('payments.credit.applied', creditAppliedSchema);
