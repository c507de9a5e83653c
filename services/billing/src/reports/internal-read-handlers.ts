import {
  guardiansDebt,
  publicConceptAssignments,
  publicConceptOrders,
  publicFulfillments,
} from '@cuota/contracts/billing/endpoints/internal-reads';
import type { GuardianDebt } from '@cuota/contracts/billing/reports';
import type { Executor } from '@cuota/messaging/transaction';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingContext } from '../billing-db';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import { owedOf } from '../due-orders/owed-as-of';
import {
  conceptAssignmentsAfter,
  openOrdersOfSchool,
  ordersCreatedAfter,
  type OrderRow,
} from '../orders/order-repository';
import { toOrder } from '../orders/order-view';
import { ANY_KEY, INSTANT, UUID, cursorPage, decodeCursor } from './public-cursor';

/**
 * What each guardian's students owe at the school as of `asOf`: every guardian linked to a
 * student (both parents, docs/adr/0023) with the sum of the orders' quotes, like Adeudos.
 * Guardians owing nothing are left out.
 */
export async function debtByGuardian(
  db: Executor,
  schoolId: string,
  asOf: string,
): Promise<GuardianDebt[]> {
  const byGuardian = new Map<string, { students: Set<string>; rows: OrderRow[] }>();
  for (const row of await openOrdersOfSchool(db, schoolId)) {
    const guardians = new Set([...(row.guardianIds ?? []), row.billingGuardianId ?? '']);
    guardians.delete('');
    for (const g of guardians) {
      const entry = byGuardian.get(g) ?? { students: new Set(), rows: [] };
      entry.students.add(row.order.studentId);
      entry.rows.push(row);
      byGuardian.set(g, entry);
    }
  }
  return [...byGuardian.entries()]
    .map(([guardian_id, { students, rows }]) => ({
      guardian_id,
      student_ids: [...students].sort(),
      ...owedOf(rows, asOf),
    }))
    .filter((d) => d.pending_centavos > 0)
    .sort((a, b) => a.guardian_id.localeCompare(b.guardian_id));
}

interface CursorQuery {
  cursor?: string;
  page_size: number;
}

export function internalReadHandlers({ db, today }: BillingContext) {
  /** A page of orders by creation, each quoted as of today. */
  const ordersPage = async (scope: { schoolId?: string; conceptId?: string }, q: CursorQuery) => {
    const date = today();
    const after = q.cursor ? decodeCursor(q.cursor, [INSTANT, UUID]) : undefined;
    const rows = await ordersCreatedAfter(
      db,
      scope,
      after && { at: after[0]!, id: after[1]! },
      q.page_size + 1,
    );
    return cursorPage(
      rows,
      q.page_size,
      q.cursor,
      (r) => toOrder(r.row, date),
      (r) => [r.createdAt, r.row.order.id],
    );
  };
  return [
    implement(guardiansDebt, ({ params }) => debtByGuardian(db, params.id, today())),
    implement(publicFulfillments, ({ query }) => ordersPage({ schoolId: query.school_id }, query)),
    implement(publicConceptOrders, async (call) => {
      const { row } = await conceptById(db, call.params.id);
      call.requireStaffOf(row.schoolId, UNKNOWN_CONCEPT);
      return ordersPage({ conceptId: row.id }, call.query);
    }),
    implement(publicConceptAssignments, async ({ query }) => {
      const after = query.cursor ? decodeCursor(query.cursor, [UUID, ANY_KEY]) : undefined;
      const rows = await conceptAssignmentsAfter(
        db,
        query.school_id,
        after && { conceptId: after[0]!, studentId: after[1]! },
        query.page_size + 1,
      );
      return cursorPage(
        rows,
        query.page_size,
        query.cursor,
        (r) => ({
          concept_id: r.conceptId,
          concept_name: r.conceptName,
          student_id: r.studentId,
          periods: r.periods,
          orders: r.orders,
        }),
        (r) => [r.conceptId, r.studentId],
      );
    }),
  ];
}
