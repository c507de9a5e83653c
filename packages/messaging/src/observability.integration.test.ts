import path from 'node:path';
import { Writable } from 'node:stream';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { consumerMetrics } from '@cuota/service-runtime/metrics/event-metrics';
import { createMetricsRegistry } from '@cuota/service-runtime/metrics/registry';
import { currentRequestId, runWithRequestId } from '@cuota/service-runtime/request-context';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { parseMetrics, valueOf } from '@cuota/testing/scrape-metrics';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import { parkedCounts } from './consumer/dead-letters';
import { DurableConsumer, on } from './consumer/durable-consumer';
import { enqueueEvent } from './outbox/enqueue-event';
import { OutboxRelay } from './outbox/outbox-relay';

const migrations = path.join(__dirname, 'test-migrations');

/** Log lines as the launcher (or a log shipper) reads them from the process's output. */
function collectingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('observed', 'info', sink), lines };
}

let db: TestDatabase, ns: TestNamespace, producer: Database<Record<string, unknown>>;
beforeAll(async () => {
  [db, ns] = await Promise.all([createTestDatabase('observed'), createTestNamespace()]);
  producer = createDatabase(db.url, {});
  await runMigrations(producer, migrations);
});
afterAll(async () => {
  await producer.$client.end();
  await ns.dispose();
  await db.drop();
});

const student = (n: number) => ({
  student_id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  school_id: 'school-obs',
  first_name: `Alumno ${n}`,
  last_name: 'Observado',
  level: 'elementary' as const,
  section_id: null,
  status: 'active' as const,
  billing_guardian_id: null,
});

test('a consumer’s log lines carry the request id of the action that published the event', async () => {
  const { logger, lines } = collectingLogger();
  const relay = new OutboxRelay({ db: producer, nc: ns.nc, ns, logger });
  const registry = createMetricsRegistry('observed');
  const handledUnder: (string | undefined)[] = [];
  const consumer = new DurableConsumer({
    name: 'observed-students',
    db: producer,
    nc: ns.nc,
    ns,
    logger,
    metrics: consumerMetrics(registry),
    retryDelaysMs: [20],
    maxDeliveries: 2,
    subscriptions: [
      on(studentCreatedV1, async (event) => {
        handledUnder.push(currentRequestId());
        // A handler's own line, as any handler writes with the service's logger.
        logger.info({ studentId: event.data.student_id }, 'student copied');
        if (event.data.first_name === 'Alumno 2') throw new Error('no se puede aplicar');
      }),
    ],
  });
  await consumer.start();
  try {
    await runWithRequestId('req-observed-0001', () =>
      producer.transaction((tx) => enqueueEvent(tx, studentCreatedV1, student(1))),
    );
    await runWithRequestId('req-observed-0002', () =>
      producer.transaction((tx) => enqueueEvent(tx, studentCreatedV1, student(2))),
    );
    expect(await relay.backlog()).toMatchObject({ events: 2 });
    await relay.drain();
    expect(await relay.backlog()).toEqual({ events: 0, oldestSeconds: 0 });

    const parked = await waitFor(async () => {
      const n = (await parkedCounts(ns.nc, ns, ['observed-students'])).get('observed-students');
      return n === 1 && n;
    });
    expect(parked).toBe(1);
    expect(handledUnder).toEqual(['req-observed-0001', 'req-observed-0002', 'req-observed-0002']);
    const consumerLines = lines.filter((l) =>
      [
        'student copied',
        'event handled',
        'event handler failed',
        'event parked as a dead letter',
      ].includes(l.msg as string),
    );
    expect(consumerLines.map((l) => [l.msg, l.requestId])).toEqual([
      ['student copied', 'req-observed-0001'],
      ['event handled', 'req-observed-0001'],
      ['student copied', 'req-observed-0002'],
      ['event handler failed', 'req-observed-0002'],
      ['student copied', 'req-observed-0002'],
      ['event parked as a dead letter', 'req-observed-0002'],
    ]);

    const series = parseMetrics(await registry.metrics());
    expect(
      valueOf(series, 'cuota_event_lag_seconds_count', { consumer: 'observed-students' }),
    ).toBe(1);
    expect(valueOf(series, 'cuota_dead_letters_total', { consumer: 'observed-students' })).toBe(1);
    expect(await consumer.pending()).toBe(0);
  } finally {
    await consumer.stop();
  }
});

test('the relay’s line about an event it cannot publish names the action’s request id', async () => {
  const { logger, lines } = collectingLogger();
  const relay = new OutboxRelay({ db: producer, nc: ns.nc, ns, logger });
  // No stream holds this subject: JetStream refuses the publish.
  const orphan = defineEvent('nowhere.thing.happened', studentCreatedV1.data);
  await runWithRequestId('req-unpublished-01', () =>
    producer.transaction((tx) => enqueueEvent(tx, orphan, student(3))),
  );
  expect(await relay.drain()).toBe(0);
  expect(await relay.backlog()).toMatchObject({ events: 1 });
  const line = lines.find((l) => l.msg === 'publish failed; keeping order, retrying later');
  expect(line).toMatchObject({ requestId: 'req-unpublished-01', level: 40 });
});
