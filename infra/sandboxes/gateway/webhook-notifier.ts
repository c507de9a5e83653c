import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { exchange } from '@cuota/testing/http-exchange';
import type { Merchant } from './merchants.ts';
import { signedWebhookHeaders } from './webhook-signature.ts';

/** How the next notifications leave: later, more than once, or not until released. */
export interface WebhookBehaviour {
  delay_ms: number;
  duplicates: number;
  hold: boolean;
}

export type DeliveryKind = 'original' | 'duplicate' | 'replay';

/** One attempt to deliver one notification, as `GET /_sandbox/webhooks` lists it. */
export interface WebhookDelivery {
  delivery_id: string;
  notification_id: string;
  ticket_number: string;
  transaction_type: string;
  kind: DeliveryKind;
  attempt: number;
  url: string;
  status: number | null;
  error: string | null;
  at: string;
}

export interface WebhookOptions {
  /** Attempts per delivery before giving up (the first one included). */
  attempts: number;
  /** Wait before the first retry; it doubles each time. */
  retryBaseMs: number;
  /** How long one attempt may take before it counts as failed. */
  timeoutMs: number;
}

interface Notification {
  id: string;
  merchant: Merchant;
  /** The sale's ticket number, also for its void or refund: replays are asked for by it. */
  saleTicketNumber: string;
  transactionType: string;
  rawBody: string;
  /** Where it goes: the merchant's webhook URL unless the product has its own (payouts). */
  url: string;
}

export const NORMAL_BEHAVIOUR: WebhookBehaviour = { delay_ms: 0, duplicates: 0, hold: false };
const LOG_CAPACITY = 5_000;
/**
 * Connections the sender keeps open to one merchant, as a provider's sender pool does: a burst's
 * notifications queue for them instead of opening one connection each. With fetch and no cap,
 * issue 18's 500 sales were 500 new connections, and the sandbox spent about as much CPU per
 * payment as payments itself on the same two cores (docs/benchmarks.md, investigations).
 */
export const WEBHOOK_SOCKETS = 32;

/** Signs and POSTs notifications to merchants' webhook URLs, retrying with backoff. */
export class WebhookNotifier {
  private behaviour = NORMAL_BEHAVIOUR;
  private held: Array<{ notification: Notification; extraDelayMs: number }> = [];
  private readonly lastBySale = new Map<string, Notification>();
  private readonly log: WebhookDelivery[] = [];
  private readonly stopping = new AbortController();
  private readonly sockets = new http.Agent({
    keepAlive: true,
    maxSockets: WEBHOOK_SOCKETS,
    scheduling: 'fifo',
  });

  private readonly options: WebhookOptions;

  constructor(options: WebhookOptions) {
    this.options = options;
  }

  notify(
    merchant: Merchant,
    saleTicketNumber: string,
    transactionType: string,
    body: object,
    extraDelayMs = 0,
    url = merchant.webhookUrl,
  ): void {
    const notification: Notification = {
      id: randomUUID(),
      merchant,
      saleTicketNumber,
      transactionType,
      rawBody: JSON.stringify(body),
      url,
    };
    this.lastBySale.set(saleTicketNumber, notification);
    this.dispatch(notification, extraDelayMs);
  }

  /** Sends the sale's last notification again, byte for byte; false if it never had one. */
  replay(saleTicketNumber: string): boolean {
    const notification = this.lastBySale.get(saleTicketNumber);
    if (!notification) return false;
    void this.deliver(notification, 'replay');
    return true;
  }

  get currentBehaviour(): WebhookBehaviour {
    return this.behaviour;
  }

  /** Applies to every notification from now on; lifting a hold sends what was held. */
  setBehaviour(behaviour: WebhookBehaviour): void {
    this.behaviour = behaviour;
    if (behaviour.hold) return;
    const released = this.held;
    this.held = [];
    for (const { notification, extraDelayMs } of released)
      this.dispatch(notification, extraDelayMs);
  }

  deliveries(saleTicketNumber?: string): WebhookDelivery[] {
    return saleTicketNumber
      ? this.log.filter((d) => d.ticket_number === saleTicketNumber)
      : [...this.log];
  }

  stop(): void {
    this.stopping.abort();
    this.sockets.destroy();
  }

  private dispatch(notification: Notification, extraDelayMs: number): void {
    if (this.behaviour.hold) {
      this.held.push({ notification, extraDelayMs });
      return;
    }
    const copies = 1 + this.behaviour.duplicates;
    const send = () => {
      for (let i = 0; i < copies; i++)
        void this.deliver(notification, i === 0 ? 'original' : 'duplicate');
    };
    const delayMs = this.behaviour.delay_ms + extraDelayMs;
    if (delayMs <= 0) send();
    else sleep(delayMs, undefined, { signal: this.stopping.signal }).then(send, () => {});
  }

  private async deliver(notification: Notification, kind: DeliveryKind): Promise<void> {
    const { attempts, retryBaseMs } = this.options;
    for (let attempt = 1; attempt <= attempts && !this.stopping.signal.aborted; attempt++) {
      if (attempt > 1) {
        const backoff = retryBaseMs * 2 ** (attempt - 2);
        const waited = await sleep(backoff, true, { signal: this.stopping.signal }).catch(
          () => false,
        );
        if (!waited) return;
      }
      const outcome = await this.post(notification);
      this.record(notification, kind, attempt, outcome);
      if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) return;
    }
  }

  private async post(n: Notification): Promise<{ status: number | null; error: string | null }> {
    // Each attempt is signed anew with its own time, in ms as Kushki's sender does.
    const headers = signedWebhookHeaders(
      n.merchant.merchantId,
      n.merchant.webhookSignature,
      n.rawBody,
      Date.now(),
    );
    try {
      const answer = await exchange(n.url, {
        method: 'POST',
        headers,
        body: n.rawBody,
        timeoutMs: this.options.timeoutMs,
        signal: this.stopping.signal,
        agent: this.sockets,
      });
      return { status: answer.status, error: null };
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      return { status: null, error: timedOut ? 'Tiempo de espera agotado.' : describe(err) };
    }
  }

  private record(
    n: Notification,
    kind: DeliveryKind,
    attempt: number,
    outcome: { status: number | null; error: string | null },
  ): void {
    this.log.push({
      delivery_id: randomUUID(),
      notification_id: n.id,
      ticket_number: n.saleTicketNumber,
      transaction_type: n.transactionType,
      kind,
      attempt,
      url: n.url,
      ...outcome,
      at: new Date().toISOString(),
    });
    if (this.log.length > LOG_CAPACITY) this.log.splice(0, this.log.length - LOG_CAPACITY);
  }
}

function describe(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : '';
  return `No se pudo entregar: ${cause || (err instanceof Error ? err.message : String(err))}`;
}
