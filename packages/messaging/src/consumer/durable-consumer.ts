import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import type { defineEvent } from '@cuota/contracts/events/event-envelope';
import {
  REQUEST_ID_HEADER,
  runWithRequestId,
  sanitizeRequestId,
} from '@cuota/service-runtime/request-context';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { ConsumerMetrics } from '@cuota/service-runtime/metrics/event-metrics';
import type { Database } from '@cuota/service-runtime/db/database';
import { subjectOf, typeOf, type Namespace } from '../naming';
import { ensureStream } from '../streams';
import { inboxEvents } from '../outbox/outbox-schema';
import { parkEvent } from './dead-letters';
import type { Executor } from '../transaction';

type Defined = ReturnType<typeof defineEvent>;
export type EventOf<E extends Defined> = z.infer<E['envelope']>;

export interface Subscription<E extends Defined = Defined> {
  event: E;
  handle: (event: EventOf<E>, tx: Executor) => Promise<void>;
}

/** Pairs an event with its handler while keeping the handler's argument typed. */
export function on<E extends Defined>(event: E, handle: Subscription<E>['handle']): Subscription {
  return { event, handle } as unknown as Subscription;
}

export interface DurableConsumerOptions {
  /** Durable name, also the inbox's consumer key: stable across restarts. */
  name: string;
  db: Database<Record<string, unknown>>;
  nc: NatsConnection;
  ns: Namespace;
  logger: Logger;
  subscriptions: Subscription[];
  /**
   * Waits before each redelivery after a failed handler (the last one repeats); after
   * `maxDeliveries` attempts the event is parked on the dead-letter stream.
   */
  retryDelaysMs?: readonly number[];
  maxDeliveries?: number;
  /** Where the consumer reports its lag and dead letters (the service's /metrics). */
  metrics?: ConsumerMetrics;
}

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];
const MAX_DELIVERIES = 6;

/**
 * A JetStream durable pull consumer whose handler runs in one database transaction
 * with the inbox insert: the event's effect and the record that it was applied
 * commit together, and the message is acked only after that commit.
 */
export class DurableConsumer {
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private readonly byType: Map<string, Subscription>;
  private stream: string | undefined;

  private readonly options: DurableConsumerOptions;
  constructor(options: DurableConsumerOptions) {
    this.options = options;
    this.byType = new Map(options.subscriptions.map((s) => [s.event.type, s]));
  }

  async start(): Promise<void> {
    const { nc, ns, name } = this.options;
    const streams = new Set(this.options.subscriptions.map((s) => s.event.stream));
    if (streams.size !== 1) throw new Error(`Consumer ${name} must read exactly one stream`);
    const stream = await ensureStream(nc, ns, [...streams][0]!);
    this.stream = stream;
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.filterSubject(),
      ack_wait: nanos(30_000),
      max_ack_pending: 1000,
    });
    const consumer = await jetstream(nc).consumers.get(stream, name);
    this.messages = await consumer.consume({ max_messages: 100 });
    this.loop = this.run(this.messages);
  }

  /** One subject, or the domain's wildcard: Debian's nats-server 2.9 has no filter_subjects. */
  private filterSubject(): string {
    const types = [...this.byType.keys()];
    const domain = types[0]!.split('.')[0]!;
    return subjectOf(this.options.ns, types.length === 1 ? types[0]! : `${domain}.>`);
  }

  /** Events published but not yet acked by this consumer (its backlog), or undefined. */
  async pending(): Promise<number | undefined> {
    if (!this.stream) return undefined;
    const jsm = await jetstreamManager(this.options.nc);
    const info = await jsm.consumers.info(this.stream, this.options.name);
    return info.num_pending + info.num_ack_pending;
  }

  get name(): string {
    return this.options.name;
  }

  async stop(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    this.messages = undefined;
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      const requestId = sanitizeRequestId(msg.headers?.get(REQUEST_ID_HEADER));
      await runWithRequestId(requestId, () => this.process(msg));
    }
  }

  private async process(msg: JsMsg): Promise<void> {
    const { logger, ns } = this.options;
    const subscription = this.byType.get(typeOf(ns, msg.subject));
    if (!subscription) {
      msg.ack(); // another event of the same domain, which this consumer does not handle
      return;
    }
    const parsed = subscription.event.envelope.safeParse(safeJson(msg));
    if (!parsed.success) return this.park(msg, null, 'unreadable event (not its contract)');
    const eventId = parsed.data.id;
    try {
      const applied = await this.apply(subscription, parsed.data as EventOf<Defined>);
      logger.info({ eventId, type: parsed.data.type, applied }, 'event handled');
      msg.ack();
      this.options.metrics?.handled(this.options.name, secondsSincePublished(msg));
    } catch (err) {
      const deliveries = msg.info.deliveryCount;
      if (deliveries >= (this.options.maxDeliveries ?? MAX_DELIVERIES))
        return this.park(msg, eventId, String(err));
      const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
      const delay = delays[Math.min(deliveries, delays.length) - 1]!;
      logger.warn({ err, eventId, deliveries, retryInMs: delay }, 'event handler failed');
      msg.nak(delay);
    }
  }

  /** Gives up on a message: parked on the dead-letter stream (never lost), then terminated. */
  private async park(msg: JsMsg, eventId: string | null, error: string): Promise<void> {
    const { nc, ns, name, logger } = this.options;
    const deliveries = msg.info.deliveryCount;
    try {
      await parkEvent(nc, ns, {
        consumer: name,
        event_id: eventId,
        subject: typeOf(ns, msg.subject),
        payload: msg.string(),
        error,
        deliveries,
        parked_at: new Date().toISOString(),
      });
    } catch (err) {
      // Not parked: leave it to JetStream's redelivery rather than lose it.
      logger.error({ err, eventId }, 'could not park the event; it will be redelivered');
      msg.nak(this.options.retryDelaysMs?.[0] ?? RETRY_DELAYS_MS[0]);
      return;
    }
    logger.error(
      { eventId, subject: msg.subject, deliveries, error },
      'event parked as a dead letter',
    );
    this.options.metrics?.parked(name);
    msg.term();
  }

  /**
   * Returns false when the inbox shows the event was already applied. Events the handler
   * enqueues wake the relay after the commit, as every transaction of a service's database
   * does (ADR 0080).
   */
  private apply(subscription: Subscription, event: EventOf<Defined>): Promise<boolean> {
    return this.options.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(inboxEvents)
        .values({ consumer: this.options.name, eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: inboxEvents.eventId });
      if (!fresh.length) return false;
      await subscription.handle(event, tx);
      return true;
    });
  }
}

function secondsSincePublished(msg: JsMsg): number {
  return (Date.now() - msg.info.timestampNanos / 1e6) / 1000;
}

function safeJson(msg: JsMsg): unknown {
  try {
    return msg.json();
  } catch {
    return undefined;
  }
}
