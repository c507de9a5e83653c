import type { Order, OrderDetail, StudentConcept } from '@cuota/contracts/billing/orders';
import { CONCEPT_TYPE_LABELS, type ConceptType } from '@cuota/contracts/billing/concepts';
import type { PaidByConceptType } from '@cuota/contracts/billing/reports';
import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import type { orderAllocations } from '../schema';
import { quoteOrder } from './order-quote';
import type { OrderRow } from './order-repository';

/** How orders are shown, as of a Mexico City date (their late fee and status depend on it). */
export function toOrder({ order: o, ...r }: OrderRow, asOf: string): Order {
  const q = quoteOrder(o, asOf);
  return {
    id: o.id,
    school_id: o.schoolId,
    student: { id: o.studentId, name: [r.firstName, r.lastName].filter(Boolean).join(' ') },
    concept_id: o.conceptId,
    concept_name: r.conceptName,
    concept_type: r.conceptType,
    period: o.period,
    due_on: o.dueOn,
    amount_centavos: o.amountCentavos,
    scholarship_centavos: o.scholarshipCentavos,
    discount_centavos: o.discountCentavos,
    surcharge_centavos: o.surchargeCentavos,
    total_centavos: q.totalCentavos,
    late_fee_centavos: q.lateFeeCentavos,
    interest_forgiven: o.interestForgiven,
    canceled_at: o.canceledAt?.toISOString() ?? null,
    early_payment_discount_centavos: q.earlyPaymentDiscountCentavos + o.paidDiscountCentavos,
    paid_centavos: q.paidCentavos,
    pending_amount: q.pendingCentavos,
    final_amount: q.finalCentavos,
    status: q.status,
    is_billable: true,
    fulfillments_dependent: [],
    as_of: asOf,
  };
}

export function toOrderDetail(
  row: OrderRow,
  allocations: (typeof orderAllocations.$inferSelect)[],
  asOf: string,
): OrderDetail {
  return {
    ...toOrder(row, asOf),
    allocations: allocations.map((a) => ({
      payin_id: a.reversesSourceId ?? a.sourceId,
      base_centavos: a.baseCentavos,
      late_fee_centavos: a.lateFeeCentavos,
      applied_at: a.appliedAt.toISOString(),
    })),
  };
}

/** A student's orders grouped by concept, in the order each concept first falls due. */
export function byConcept(orders: Order[]): StudentConcept[] {
  const groups = new Map<string, StudentConcept>();
  for (const o of orders) {
    const group = groups.get(o.concept_id) ?? {
      concept_id: o.concept_id,
      concept_name: o.concept_name,
      concept_type: o.concept_type,
      pending_amount: 0,
      orders: [],
    };
    group.pending_amount += o.pending_amount;
    group.orders.push(o);
    groups.set(o.concept_id, group);
  }
  return [...groups.values()];
}

/**
 * A student's paid orders (nothing left to pay, not cancelled) grouped by concept type, in the
 * order each type was first due, with what was paid (late fees included).
 */
export function paidByConceptType(orders: Order[]): PaidByConceptType[] {
  const groups = new Map<ConceptType, PaidByConceptType>();
  for (const o of orders) {
    if (o.status !== 'PAID' || o.canceled_at) continue;
    const group = groups.get(o.concept_type) ?? {
      concept_type: o.concept_type,
      concept_type_label: CONCEPT_TYPE_LABELS[o.concept_type],
      paid_centavos: 0,
      orders: [],
    };
    group.paid_centavos += o.paid_centavos;
    group.orders.push(o);
    groups.set(o.concept_type, group);
  }
  return [...groups.values()];
}

/** An order as payments is quoted it: what is due now and the whole amounts (ADR 0016). */
export function toQuote(row: OrderRow, asOf: string): QuotedOrder {
  const o = row.order;
  const q = quoteOrder(o, asOf);
  return {
    order_id: o.id,
    student_id: o.studentId,
    concept_id: o.conceptId,
    concept_name: row.conceptName,
    concept_type: row.conceptType,
    period: o.period,
    due_on: o.dueOn,
    pending_base_centavos: q.pendingBaseCentavos,
    discount_due_centavos: q.earlyPaymentDiscountCentavos,
    late_fee_due_centavos: q.lateFeeDueCentavos,
    status: q.status,
    amount_centavos: q.totalCentavos,
    late_fee_centavos: q.lateFeeCentavos,
  };
}
