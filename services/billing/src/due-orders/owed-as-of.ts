import type { DueOrderStudent } from '@cuota/contracts/billing/orders';
import type { Executor } from '@cuota/messaging/transaction';
import { quoteOrder } from '../orders/order-quote';
import { openOrdersOfSchool, type OrderRow } from '../orders/order-repository';
import type { DueStudentRow } from './due-order-repository';

/** What a student owes as of a date: the sum of their orders' quotes (ADR 0035). */
export function owedOf(rows: OrderRow[], asOf: string) {
  const owed = { pending_centavos: 0, late_fee_centavos: 0, overdue_centavos: 0 };
  for (const { order } of rows) {
    const q = quoteOrder(order, asOf);
    owed.pending_centavos += q.pendingCentavos;
    owed.late_fee_centavos += q.lateFeeDueCentavos;
    if (order.dueOn < asOf) owed.overdue_centavos += q.pendingCentavos;
  }
  return owed;
}

/**
 * The report's students with their amounts as of `asOf`, late fees included, so the list, a
 * student's header and their rows add up to the same number. `all`: every open order of the
 * school in one read (the Excel), instead of the page's students'.
 */
export async function withOwed(
  db: Executor,
  schoolId: string,
  students: DueStudentRow[],
  asOf: string,
  { all = false } = {},
): Promise<DueOrderStudent[]> {
  if (students.length === 0) return [];
  const rows = await openOrdersOfSchool(
    db,
    schoolId,
    all ? undefined : students.map((s) => s.student_id),
  );
  const byStudent = new Map<string, OrderRow[]>();
  for (const r of rows) {
    const list = byStudent.get(r.order.studentId);
    if (list) list.push(r);
    else byStudent.set(r.order.studentId, [r]);
  }
  return students.map((s) => ({ ...s, ...owedOf(byStudent.get(s.student_id) ?? [], asOf) }));
}
