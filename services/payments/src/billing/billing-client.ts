import type { NatsConnection } from '@nats-io/transport-node';
import {
  openOrdersOfStudentRequest,
  openReceivablesRequest,
  quoteOrdersRequest,
  subscriptionLookupRequest,
  type QuotedOrder,
  type SubscriptionFacts,
} from '@cuota/contracts/billing/requests';
import type { Namespace } from '@cuota/messaging/naming';
import { requestReply, RequestRefused } from '@cuota/messaging/request-reply';
import { HttpError, notFound } from '@cuota/service-runtime/http/http-error';

export const BILLING_UNAVAILABLE =
  'El servicio de cobranza no responde. Intenta de nuevo en unos minutos.';

/**
 * Billing's answers payments relies on (billing/requests.ts): what orders cost now, a
 * student's open orders, and the open amounts the ledger must match. Amounts always come
 * from here, never from the browser.
 */
export class BillingClient {
  private readonly nc: NatsConnection;
  private readonly ns: Namespace;
  private readonly timeoutMs: number;

  constructor(nc: NatsConnection, ns: Namespace, timeoutMs = 5_000) {
    this.nc = nc;
    this.ns = ns;
    this.timeoutMs = timeoutMs;
  }

  /** Billing refuses orders that are not open, not the school's or not the family's: 404. */
  async quote(schoolId: string, orderIds: string[], guardianId: string | null) {
    const reply = await this.ask(() =>
      requestReply(
        this.nc,
        this.ns,
        quoteOrdersRequest,
        { school_id: schoolId, order_ids: orderIds, guardian_id: guardianId },
        this.timeoutMs,
      ),
    );
    const byId = new Map(reply.orders.map((o) => [o.order_id, o]));
    if (orderIds.some((id) => !byId.has(id)))
      throw notFound('No encontramos alguno de los conceptos a pagar.');
    return orderIds.map((id) => byId.get(id)!);
  }

  async openOrdersOf(schoolId: string, studentId: string): Promise<QuotedOrder[]> {
    const reply = await this.ask(() =>
      requestReply(
        this.nc,
        this.ns,
        openOrdersOfStudentRequest,
        { school_id: schoolId, student_id: studentId },
        this.timeoutMs,
      ),
    );
    return reply.orders;
  }

  /** The guardian's billing subscription, or null when it is not theirs at this school. */
  async subscriptionOf(
    schoolId: string,
    subscriptionId: string,
    guardianId: string,
  ): Promise<SubscriptionFacts | null> {
    const reply = await this.ask(() =>
      requestReply(
        this.nc,
        this.ns,
        subscriptionLookupRequest,
        { school_id: schoolId, subscription_id: subscriptionId, guardian_id: guardianId },
        this.timeoutMs,
      ),
    );
    return reply.subscription;
  }

  async openReceivables(schoolIds?: string[]): Promise<Map<string, number>> {
    const reply = await this.ask(() =>
      requestReply(
        this.nc,
        this.ns,
        openReceivablesRequest,
        schoolIds ? { school_ids: schoolIds } : {},
        this.timeoutMs,
      ),
    );
    return new Map(reply.schools.map((s) => [s.school_id, s.open_base_centavos]));
  }

  private async ask<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (err) {
      if (err instanceof RequestRefused) throw notFound(err.message);
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', BILLING_UNAVAILABLE);
    }
  }
}
