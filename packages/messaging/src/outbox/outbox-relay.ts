import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { REQUEST_ID_HEADER } from '@cuota/service-runtime/request-context';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { Database } from '@cuota/service-runtime/db/database';
import { subjectOf, type Namespace } from '../naming';
import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Executor } from '../transaction';
import { OUTBOX_CHANNEL, outboxEvents } from './outbox-schema';

type OutboxRow = typeof outboxEvents.$inferSelect;

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
 * Nats-Msg-Id: a batch's rows are sent together and marked up to the first that failed.
 * A crash between publish and the published_at update, or a row sent after one that
 * failed, republishes it; JetStream's duplicate window and the consumers' inbox absorb the
 * repeat.
 *
 * It wakes when a commit that enqueued events notifies OUTBOX_CHANNEL (LISTEN/NOTIFY, so a
 * write from any process of the service wakes it); polling every `intervalMs` is only the
 * safety net for a lost listener connection.
 */
export class OutboxRelay {
  private readonly loop: WorkLoop;
  private readonly js;

  private readonly options: OutboxRelayOptions;
  constructor(options: OutboxRelayOptions) {
    this.options = options;
    this.js = jetstream(options.nc);
    this.loop = new WorkLoop({
      name: 'outbox relay',
      pass: async () => {
        await this.drain();
        return { more: false };
      },
      idleMs: options.intervalMs ?? 1000,
      logger: options.logger,
      listen: { db: options.db, channel: OUTBOX_CHANNEL },
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Cuts the poll wait short. */
  wake(): void {
    this.loop.wake();
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

  /** Committed events not yet published, and how long the oldest has waited (seconds). */
  async backlog(): Promise<{ events: number; oldestSeconds: number }> {
    const [row] = await this.options.db
      .select({
        events: sql<number>`count(*)::int`,
        oldestSeconds: sql<number>`coalesce(extract(epoch FROM now() - min(${outboxEvents.createdAt})), 0)::float8`,
      })
      .from(outboxEvents)
      .where(isNull(outboxEvents.publishedAt));
    return row!;
  }

  private publishBatch(): Promise<number> {
    const { db } = this.options;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(isNull(outboxEvents.publishedAt))
        .orderBy(asc(outboxEvents.seq))
        .limit(this.options.batchSize ?? 100)
        .for('update', { skipLocked: true });
      // All sent at once, in order (one socket write), their acks awaited together (ADR 0126).
      const outcomes = await Promise.allSettled(rows.map((row) => this.publish(row)));
      const failed = outcomes.findIndex((o) => o.status === 'rejected');
      // Only the run before the first failure counts as published: the failed one and every
      // later one go again from there (a later one already stored is dropped as a duplicate).
      const published = (failed === -1 ? rows : rows.slice(0, failed)).map((row) => row.seq);
      if (failed !== -1)
        await this.recordFailure(
          tx,
          rows[failed]!,
          (outcomes[failed] as PromiseRejectedResult).reason,
        );
      if (published.length)
        await tx
          .update(outboxEvents)
          .set({ publishedAt: new Date() })
          .where(inArray(outboxEvents.seq, published));
      return published.length;
    });
  }

  private publish(row: OutboxRow) {
    const h = headers();
    if (row.requestId) h.set(REQUEST_ID_HEADER, row.requestId);
    return this.js.publish(subjectOf(this.options.ns, row.type), JSON.stringify(row.payload), {
      msgID: row.id,
      headers: h,
    });
  }

  private async recordFailure(tx: Executor, row: OutboxRow, err: unknown): Promise<void> {
    this.options.logger.warn(
      // Not inside a request: the row's own request id ties this line to its action.
      { err, eventId: row.id, requestId: row.requestId ?? undefined },
      'publish failed; keeping order, retrying later',
    );
    await tx
      .update(outboxEvents)
      .set({ attempts: sql`${outboxEvents.attempts} + 1`, lastError: String(err) })
      .where(inArray(outboxEvents.seq, [row.seq]));
  }
}
