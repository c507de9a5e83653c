import type { z } from 'zod';
import type { creditAppliedSchema } from '@cuota/contracts/events/payments.credit.applied.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { creditMethodOf } from './credit-origin-repository';
import { invoicePayment } from './invoice-payment';

/** Credit whose origin invoicing never saw (older than this service) counts as cash. */
const UNKNOWN_CREDIT_METHOD = 'cash';

/** Credit applied to orders becomes invoices, paid by the method the credit came from. */
export async function invoiceCreditApplication(
  tx: Executor,
  application: z.infer<typeof creditAppliedSchema>,
): Promise<number> {
  const method = (await creditMethodOf(tx, application.student_id)) ?? UNKNOWN_CREDIT_METHOD;
  return invoicePayment(
    tx,
    {
      kind: 'credit',
      id: application.application_id,
      schoolId: application.school_id,
      payerGuardianId: null,
      method,
      paidAt: new Date(application.applied_at),
    },
    application.allocations,
  );
}
