import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  commitStockRequest,
  releaseStockRequest,
  reserveStockRequest,
} from '@cuota/contracts/billing/store-requests';
import type { Namespace } from '@cuota/messaging/naming';
import { serveReplies } from '@cuota/messaging/request-reply';
import type { BillingDb } from '../billing-db';
import { commitReservation, releaseReservation, reserve } from './reservation-repository';

/** The checkout's three steps over NATS (ADR 0063): reserve, then commit or release. */
export function serveStoreRequests(
  db: BillingDb,
  nc: NatsConnection,
  ns: Namespace,
  onError: (err: unknown) => void,
): Subscription[] {
  return [
    serveReplies(
      nc,
      ns,
      reserveStockRequest,
      (q) =>
        reserve(db, {
          schoolId: q.school_id,
          checkoutRef: q.checkout_ref,
          guardianId: q.guardian_id,
          studentId: q.student_id,
          buyerEmail: q.buyer_email,
          leadId: q.lead_id ?? null,
          lines: q.lines,
          holdSeconds: q.hold_seconds,
        }),
      onError,
    ),
    serveReplies(
      nc,
      ns,
      commitStockRequest,
      (q) => commitReservation(db, q.school_id, q.order_id),
      onError,
    ),
    serveReplies(
      nc,
      ns,
      releaseStockRequest,
      (q) => releaseReservation(db, q.school_id, q.order_id),
      onError,
    ),
  ];
}
