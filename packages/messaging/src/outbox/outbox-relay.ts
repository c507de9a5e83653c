import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { REQUEST_ID_HEADER } from '@cuota/service-runtime/request-context';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { Database } from '@cuota/service-runtime/db/database';
import { subjectOf, type Namespace } from '../naming';
import { NotificationListener } from '@cuota/service-runtime/db/notification-listener';
import { OUTBOX_CHANNEL, outboxEvents } from './outbox-schema';

export interface OutboxRelayOptions {
  db: Database<Record<string, unknown>>;
  nc: NatsConnection;
  ns: Namespace;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
}

/**
 * Publishes committed outbox rows to JetStream in order, with the event id as
 * Nats-Msg-Id. A crash between publish and the published_at update republishes the
 * row; JetStream's duplicate window and the consumers' inbox absorb the repeat.
 *
 * It wakes when a commit that enqueued events notifies OUTBOX_CHANNEL (LISTEN/NOTIFY, so a
 * write from any process of the service wakes it); polling every `intervalMs` is only the
 * safety net for a lost listener connection.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake-up that arrived while a pass was running: the next wait returns at once. */
  private woken = false;
  private readonly listener: NotificationListener;
  private readonly js;

  constructor(private readonly options: OutboxRelayOptions) {
    this.js = jetstream(options.nc);
    this.listener = new NotificationListener({
      db: options.db,
      channel: OUTBOX_CHANNEL,
      onNotify: () => this.wake(),
      logger: options.logger,
      retryMs: options.intervalMs ?? 1000,
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.listener.start();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.listener.stop();
  }

  /** Cuts the poll wait short (a commit that enqueued events notified us). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Publishes everything pending now; returns how many rows went out. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < (this.options.batchSize ?? 100)) return total;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      let failed = false;
      try {
        await this.drain();
      } catch (err) {
        failed = true;
        this.options.logger.warn({ err }, 'outbox relay pass failed; will retry');
      }
      if (this.woken && !failed) {
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.intervalMs ?? 1000);
        this.wakeUp = () => {
          clearTimeout(timer);
          this.wakeUp = undefined;
          resolve();
        };
      });
      this.woken = false;
    }
  }

  private publishBatch(): Promise<number> {
    const { db, ns, logger } = this.options;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(isNull(outboxEvents.publishedAt))
        .orderBy(asc(outboxEvents.seq))
        .limit(this.options.batchSize ?? 100)
        .for('update', { skipLocked: true });
      const published: number[] = [];
      for (const row of rows) {
        const h = headers();
        if (row.requestId) h.set(REQUEST_ID_HEADER, row.requestId);
        try {
          await this.js.publish(subjectOf(ns, row.type), JSON.stringify(row.payload), {
            msgID: row.id,
            headers: h,
          });
          published.push(row.seq);
        } catch (err) {
          logger.warn({ err, eventId: row.id }, 'publish failed; keeping order, retrying later');
          await tx
            .update(outboxEvents)
            .set({ attempts: sql`${outboxEvents.attempts} + 1`, lastError: String(err) })
            .where(inArray(outboxEvents.seq, [row.seq]));
          break;
        }
      }
      if (published.length)
        await tx
          .update(outboxEvents)
          .set({ publishedAt: new Date() })
          .where(inArray(outboxEvents.seq, published));
      return published.length;
    });
  }
}
