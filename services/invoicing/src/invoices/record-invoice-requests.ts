/**
 * A payment or a credit application becomes invoices to issue (one per student), recorded in
 * the consumer's transaction; the stamping worker builds, seals and stamps them.
 */
import type { z } from 'zod';
import type { creditAppliedSchema } from '@cuota/contracts/events/payments.credit.applied.v1';
import type { PayinSucceeded } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { creditMethodOf, recordCreditOrigin } from './credit-origin-repository';
import { invoiceParties } from './invoice-parties';
import { recordInvoices, type NewInvoice } from './invoice-repository';
import { invoiceRequestsOf, paidMethodOf, type InvoiceRequest } from './invoice-request-rules';

/** Credit whose origin invoicing never saw (older than this service) counts as cash. */
const UNKNOWN_CREDIT_METHOD = 'cash';

export async function invoicePayin(tx: Executor, payin: PayinSucceeded): Promise<number> {
  const method = paidMethodOf(payin.type, payin.method);
  const paidAt = new Date(payin.paid_at);
  if (payin.credit_created_centavos > 0 && payin.credit_student_id)
    await recordCreditOrigin(tx, {
      studentId: payin.credit_student_id,
      method,
      payinId: payin.payin_id,
      recordedAt: paidAt,
    });
  const requests = invoiceRequestsOf(
    {
      kind: 'payin',
      id: payin.payin_id,
      schoolId: payin.school_id,
      payerGuardianId: payin.guardian_id,
      method,
      paidAt,
    },
    payin.allocations,
  );
  return recordInvoices(tx, await withParties(tx, requests));
}

export async function invoiceCreditApplication(
  tx: Executor,
  application: z.infer<typeof creditAppliedSchema>,
): Promise<number> {
  const method = (await creditMethodOf(tx, application.student_id)) ?? UNKNOWN_CREDIT_METHOD;
  const requests = invoiceRequestsOf(
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
  return recordInvoices(tx, await withParties(tx, requests));
}

/** The receptor as today's data resolves it; the worker resolves it again when it builds. */
async function withParties(tx: Executor, requests: InvoiceRequest[]): Promise<NewInvoice[]> {
  const invoices: NewInvoice[] = [];
  for (const request of requests) {
    const parties = await invoiceParties(tx, request);
    invoices.push({
      ...request,
      billingGuardianId: parties.receptorGuardianId,
      receptorRfc: parties.receptorRfc,
      receptorName: parties.receptorName,
      receptorNote: parties.receptorNote,
    });
  }
  return invoices;
}
