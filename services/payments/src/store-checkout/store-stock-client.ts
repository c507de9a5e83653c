import type { NatsConnection } from '@nats-io/transport-node';
import {
  commitStockRequest,
  releaseStockRequest,
  reserveStockRequest,
} from '@cuota/contracts/billing/store-requests';
import type { StockLine } from '@cuota/contracts/billing/store';
import type { Namespace } from '@cuota/messaging/naming';
import { requestReply } from '@cuota/messaging/request-reply';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { BILLING_UNAVAILABLE } from '../billing/billing-client';

export interface StoreReservation {
  schoolId: string;
  checkoutRef: string;
  guardianId: string | null;
  studentId: string | null;
  buyerEmail: string | null;
  leadId: string | null;
  lines: StockLine[];
  /** How long billing holds the units: its default (a card's minutes) unless given. */
  holdSeconds?: number;
}

/**
 * Billing's store stock over NATS (ADR 0063): billing prices the lines and holds their units;
 * payments commits them when the card is paid and releases them when it is not. Every step
 * is idempotent at billing, so a retry after a lost answer is safe.
 */
export class StoreStockClient {
  private readonly nc: NatsConnection;
  private readonly ns: Namespace;
  private readonly timeoutMs: number;

  constructor(nc: NatsConnection, ns: Namespace, timeoutMs = 5_000) {
    this.nc = nc;
    this.ns = ns;
    this.timeoutMs = timeoutMs;
  }

  async reserve(r: StoreReservation) {
    try {
      return await requestReply(
        this.nc,
        this.ns,
        reserveStockRequest,
        {
          school_id: r.schoolId,
          checkout_ref: r.checkoutRef,
          guardian_id: r.guardianId,
          student_id: r.studentId,
          buyer_email: r.buyerEmail,
          lead_id: r.leadId,
          lines: r.lines,
          hold_seconds: r.holdSeconds,
        },
        this.timeoutMs,
      );
    } catch {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', BILLING_UNAVAILABLE);
    }
  }

  /** The card was paid: the held units leave the count. Throws when billing does not answer. */
  commit = (schoolId: string, orderId: string) =>
    requestReply(
      this.nc,
      this.ns,
      commitStockRequest,
      { school_id: schoolId, order_id: orderId },
      this.timeoutMs,
    );

  /** The card was not paid: the held units are sellable again. */
  release = (schoolId: string, orderId: string) =>
    requestReply(
      this.nc,
      this.ns,
      releaseStockRequest,
      { school_id: schoolId, order_id: orderId },
      this.timeoutMs,
    );
}
