import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { inscriptionPaymentsRequest } from '@cuota/contracts/billing/inscription-payments';
import {
  cycleHasAssignedConceptsRequest,
  openOrdersOfStudentRequest,
  openReceivablesRequest,
  quoteOrdersRequest,
  subscriptionLookupRequest,
} from '@cuota/contracts/billing/requests';
import type { Namespace } from '@cuota/messaging/naming';
import { serveReplies } from '@cuota/messaging/request-reply';
import { coalesced } from '@cuota/service-runtime/db/coalesced';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { BillingContext } from '../billing-db';
import { openBaseBySchool } from '../balances/balance-repository';
import { quoteOrder } from '../orders/order-quote';
import { ordersByIds, ordersOfStudent, type OrderRow } from '../orders/order-repository';
import { conceptsOfCycleWithOrders } from '../concepts/concept-repository';
import { toQuote } from '../orders/order-view';
import { isGuardianOfStudent } from '@cuota/student-directory/guardian-of-student';
import { studentById } from '@cuota/student-directory/student-directory-repository';
import { subscriptionFacts } from '../subscriptions/subscription-repository';

const isOpen = (row: OrderRow, asOf: string) => quoteOrder(row.order, asOf).pendingCentavos > 0;

/**
 * The orders of concurrent quotes read together, one statement for all (`coalesced`: a
 * statement per quote was a socket write each when payments' checkouts come in a burst,
 * issue 18); each quote gets the rows of its own ids.
 */
const ordersOfQuotes = (db: BillingContext['db']) =>
  coalesced(async (quotes: string[][]) => {
    const rows = new Map((await ordersByIds(db, quotes.flat())).map((r) => [r.order.id, r]));
    return quotes.map((ids) => [...new Set(ids)].flatMap((id) => rows.get(id) ?? []));
  });

/**
 * Billing's answers to other domains over NATS (billing/requests.ts). A quote leaves out any
 * order that is not open, not the school's or not the guardian's students' (billing guardian
 * or linked guardian alike): payments then refuses the payment (404) without learning which.
 */
export function serveBillingRequests(
  { db, today }: BillingContext,
  nc: NatsConnection,
  ns: Namespace,
  logger: Logger,
): Subscription[] {
  const onError = (err: unknown) => logger.error({ err }, 'billing request failed');
  const quotedOrders = ordersOfQuotes(db);
  return [
    serveReplies(
      nc,
      ns,
      quoteOrdersRequest,
      async (q) => {
        const asOf = q.as_of ?? today();
        const rows = await quotedOrders(q.order_ids);
        const quotable = rows.filter(
          (r) =>
            r.order.schoolId === q.school_id &&
            (q.guardian_id === null || isGuardianOfStudent(q.guardian_id, r)) &&
            isOpen(r, asOf),
        );
        return { as_of: asOf, orders: quotable.map((r) => toQuote(r, asOf)) };
      },
      onError,
    ),
    serveReplies(
      nc,
      ns,
      openOrdersOfStudentRequest,
      async (q) => {
        const asOf = q.as_of ?? today();
        const rows = await ordersOfStudent(db, q.student_id);
        const open = rows.filter((r) => r.order.schoolId === q.school_id && isOpen(r, asOf));
        return { as_of: asOf, orders: open.map((r) => toQuote(r, asOf)) };
      },
      onError,
    ),
    serveReplies(
      nc,
      ns,
      openReceivablesRequest,
      async (q) => ({ schools: await openBaseBySchool(db, q.school_ids) }),
      onError,
    ),
    // Only the cycle's own concepts count: a root concept's orders do not tie a cycle.
    serveReplies(
      nc,
      ns,
      cycleHasAssignedConceptsRequest,
      async (q) => {
        const assigned = await conceptsOfCycleWithOrders(db, q.school_id, q.cycle_id);
        return { has_assigned_concepts: assigned > 0, assigned_concepts: assigned };
      },
      onError,
    ),
    serveReplies(
      nc,
      ns,
      subscriptionLookupRequest,
      async (q) => ({ subscription: await subscriptionOfAsker(db, q) }),
      onError,
    ),
    serveReplies(
      nc,
      ns,
      inscriptionPaymentsRequest,
      async (q) => {
        if (q.cycle_id === null) return { concepts: [] };
        const asOf = today();
        const rows = await ordersOfStudent(db, q.student_id);
        const concepts = rows
          .filter((r) => r.order.schoolId === q.school_id)
          .flatMap((r) =>
            r.conceptType === 'INSCRIPTION' || r.conceptType === 'REINSCRIPTION'
              ? [
                  {
                    concept_id: r.order.conceptId,
                    type: r.conceptType,
                    status: quoteOrder(r.order, asOf).status,
                  },
                ]
              : [],
          );
        return { concepts };
      },
      onError,
    ),
  ];
}

/** The subscription when the asker may see it: the school's and, for a guardian, their student's. */
async function subscriptionOfAsker(
  db: BillingContext['db'],
  q: { school_id: string; subscription_id: string; guardian_id: string | null },
) {
  const facts = await subscriptionFacts(db, q.subscription_id);
  if (facts?.school_id !== q.school_id) return null;
  if (q.guardian_id === null) return facts;
  const student = await studentById(db, facts.student_id);
  return student && isGuardianOfStudent(q.guardian_id, student) ? facts : null;
}
