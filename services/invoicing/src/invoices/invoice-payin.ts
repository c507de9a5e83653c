import type { PayinSucceeded } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { recordCreditOrigin } from './credit-origin-repository';
import { invoicePayment } from './invoice-payment';
import { paidMethodOf } from './invoice-request-rules';
import { invoiceStoreSale } from './invoice-store-sale';

/**
 * A payment becomes invoices to issue (up to two per student), or CFDI de pago for orders
 * invoiced at billing; a store sale, one invoice of its lines (ADR 0083). Credit it leaves keeps the payment's
 * method, so the invoice of a later credit application names how the money really came.
 */
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
  const source = {
    kind: 'payin',
    id: payin.payin_id,
    schoolId: payin.school_id,
    payerGuardianId: payin.guardian_id,
    method,
    paidAt,
  } as const;
  if (payin.store) return invoiceStoreSale(tx, source, payin.store);
  return invoicePayment(tx, source, payin.allocations);
}
