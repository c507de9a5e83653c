import type { DueOrderStudent } from '@cuota/contracts/billing/orders';
import { quoteOrder } from '../orders/order-quote';
import type { OrderRow } from '../orders/order-repository';
import type { OrderTerms } from '../orders/order-rules';
import type { DueAnswerRow } from './due-answer-repository';

type Owed = Pick<DueOrderStudent, 'pending_centavos' | 'late_fee_centavos' | 'overdue_centavos'>;

/** What a student owes as of a date: the sum of their open orders' quotes (ADR 0035). */
export function owedOfOrders(open: OrderTerms[], asOf: string): Owed {
  const owed = { pending_centavos: 0, late_fee_centavos: 0, overdue_centavos: 0 };
  for (const order of open) {
    const q = quoteOrder(order, asOf);
    owed.pending_centavos += q.pendingCentavos;
    owed.late_fee_centavos += q.lateFeeDueCentavos;
    if (order.dueOn < asOf) owed.overdue_centavos += q.pendingCentavos;
  }
  return owed;
}

export const owedOf = (rows: OrderRow[], asOf: string) =>
  owedOfOrders(
    rows.map((r) => r.order),
    asOf,
  );

/**
 * A student of the report as its answer's JSON, with the amounts as of `asOf` (late fees
 * included) added to what PostgreSQL wrote, so the list, a student's header and their rows
 * add up to the same number without reading the student into objects.
 */
export function dueAnswerJson({ json, open }: DueAnswerRow, asOf: string): string {
  const owed = owedOfOrders(open, asOf);
  return `${json.slice(0, -1)},"pending_centavos":${owed.pending_centavos},"late_fee_centavos":${owed.late_fee_centavos},"overdue_centavos":${owed.overdue_centavos}}`;
}
