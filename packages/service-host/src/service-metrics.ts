import { parkedCounts } from '@cuota/messaging/consumer/dead-letters';
import type { DurableConsumer } from '@cuota/messaging/consumer/durable-consumer';
import type { NatsConnection } from '@cuota/messaging/nats-connection';
import type { Namespace } from '@cuota/messaging/naming';
import type { OutboxRelay } from '@cuota/messaging/outbox/outbox-relay';
import type { Database } from '@cuota/service-runtime/db/database';
import { scrapedGauge, type Sample } from '@cuota/service-runtime/metrics/event-metrics';
import { poolMetrics } from '@cuota/service-runtime/metrics/pool-metrics';
import type { Registry } from '@cuota/service-runtime/metrics/registry';

/** Everything service-host measures in a service besides its HTTP requests. */
export function serviceMetrics(
  registry: Registry,
  io: Parameters<typeof messagingMetrics>[1] & {
    pool: Database<Record<string, unknown>>['$client'];
  },
): void {
  poolMetrics(registry, io.pool);
  messagingMetrics(registry, io);
}

/**
 * What a service's messaging looks like when Prometheus scrapes: each durable consumer's
 * backlog on JetStream, the outbox rows not yet published (and the oldest one's age), and
 * the dead letters its consumers parked that nobody replayed yet.
 */
function messagingMetrics(
  registry: Registry,
  io: { nc: NatsConnection; ns: Namespace; relay: OutboxRelay; consumers: DurableConsumer[] },
): void {
  const { nc, ns, relay, consumers } = io;
  scrapedGauge(
    registry,
    {
      name: 'cuota_consumer_pending_events',
      help: 'Events on JetStream a durable consumer has not acked yet (its backlog)',
      labelNames: ['consumer'],
    },
    async () => {
      const pending = await Promise.all(consumers.map((c) => c.pending().catch(() => undefined)));
      return consumers.flatMap((c, i): Sample[] =>
        pending[i] === undefined ? [] : [[{ consumer: c.name }, pending[i]]],
      );
    },
  );
  scrapedGauge(
    registry,
    {
      name: 'cuota_outbox_backlog',
      help: 'Committed events not yet published: how many (events) and the oldest age (seconds)',
      labelNames: ['measure'],
    },
    async () => {
      const { events, oldestSeconds } = await relay.backlog();
      return [
        [{ measure: 'events' }, events],
        [{ measure: 'oldest_seconds' }, oldestSeconds],
      ];
    },
  );
  scrapedGauge(
    registry,
    {
      name: 'cuota_dead_letters_parked',
      help: 'Events parked on the dead-letter stream by this service’s consumers, not replayed',
      labelNames: ['consumer'],
    },
    async () => {
      const parked = await parkedCounts(
        nc,
        ns,
        consumers.map((c) => c.name),
      );
      return [...parked].map(([consumer, n]): Sample => [{ consumer }, n]);
    },
  );
}
