import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import {
  ordersBilledV1,
  type OrdersBilled,
} from '@cuota/contracts/events/billing.orders.billed.v1';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Allocation } from '@cuota/contracts/payments/payins';
import type { Executor } from '@cuota/messaging/transaction';
import { studentById } from '@cuota/student-directory/student-directory-repository';
import { issuingEntityOf } from '../fiscal-entities/fiscal-entity-repository';
import { invoiceRequestsOf } from './invoice-request-rules';
import { recordInvoiceRequests } from './record-invoice-requests';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const BILLED_ORDERS_CONSUMER = 'invoicing-billed-orders';

/** billing's new orders: PPD invoices where the school invoices at billing (ADR 0037). */
export function billedOrdersSubscriptions(): Subscription[] {
  return [
    on(ordersBilledV1, async (event, tx) => {
      await invoiceBilledOrders(tx, event.data, new Date(event.occurred_at));
    }),
  ];
}

/**
 * Orders billed to students whose fiscal entity invoices at billing become PPD invoices (one
 * per student and part of the batch, keyed by the batch and the event's part so a redelivery
 * records nothing; events from before parts existed keep the batch alone as their key).
 * The rest, and a student invoicing does not know yet, are invoiced when paid.
 */
export async function invoiceBilledOrders(
  tx: Executor,
  billed: OrdersBilled,
  billedAt: Date,
): Promise<number> {
  if (!billed.detail) return 0;
  const timing = new Map<EducationLevel, boolean>();
  const atBilling: Allocation[] = [];
  for (const item of billed.detail.items) {
    const level = (await studentById(tx, item.student_id))?.level;
    if (!level) continue;
    if (!timing.has(level)) {
      const entity = await issuingEntityOf(tx, billed.school_id, level);
      timing.set(level, entity?.invoiceTiming === 'billing');
    }
    if (!timing.get(level)) continue;
    atBilling.push({
      order_id: item.order_id,
      student_id: item.student_id,
      concept_id: billed.concept_id,
      concept_name: billed.detail.concept_name,
      concept_type: billed.concept_type,
      period: billed.period,
      base_centavos: item.amount_centavos,
      late_fee_centavos: 0,
      discount_centavos: 0,
    });
  }
  const source = {
    kind: 'billing',
    id: billed.part ? `${billed.batch_id}:${billed.part}` : billed.batch_id,
    schoolId: billed.school_id,
    payerGuardianId: null,
    method: null,
    paidAt: billedAt,
  } as const;
  return recordInvoiceRequests(tx, invoiceRequestsOf(source, atBilling));
}
