/**
 * Issue 22's NATS restart: the server goes away while notifications is taking a bill run and
 * comes back. The durable consumer resumes where it was: every family gets its reminder, and
 * none gets two. A nats-server of the test's own (stopping the shared one would disturb every
 * other test), with JetStream on a directory so streams and consumers survive the restart.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messagesTo } from '@cuota/testing/mailbox';
import { NatsServer } from '@cuota/testing/nats-server';
import { freePort } from '@cuota/testing/service-process';
import { waitFor } from '@cuota/testing/wait-for';
import {
  startNotificationsTestSystem,
  type Family,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

const NATS_BINARY = '/usr/sbin/nats-server';
const describeWithNats = existsSync(NATS_BINARY) ? describe : describe.skip;

jest.setTimeout(120_000);

describeWithNats('notifications across a NATS restart', () => {
  let nats: NatsServer;
  let storeDir: string;
  let system: NotificationsTestSystem;

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(tmpdir(), 'nats-js-'));
    nats = new NatsServer(await freePort(), storeDir, NATS_BINARY);
    await nats.start();
    system = await startNotificationsTestSystem({
      natsUrl: nats.url,
      label: 'notifications_nats',
      now: new Date('2026-09-07T16:00:00Z'),
    });
  });
  afterAll(async () => {
    await system?.stop();
    await nats?.stop();
    await rm(storeDir, { recursive: true, force: true });
  });

  /** Rows by status; a row held for a retry is let through by moving the clock to it. */
  async function settledStatuses(): Promise<Record<string, number> | undefined> {
    const rows = await system.underTest.query<{ status: string; n: number; next: Date }>(
      `SELECT status, count(*)::int AS n, max(next_attempt_at) AS next
       FROM guardian_notifications GROUP BY status`,
    );
    const queued = rows.find((r) => r.status === 'QUEUED');
    if (queued && queued.next > system.clock.now) system.clock.now = queued.next;
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  test('stopped while a bill run is taken, back again: one reminder each, none lost', async () => {
    const families: Family[] = [];
    for (let n = 1; n <= 30; n += 1) families.push(await system.family(n));

    // The first run is published and NATS goes away while notifications takes it.
    const first = await system.publishBill(families.slice(0, 15), '2026-09-10');
    await nats.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // down across reconnect tries
    await nats.start();
    await waitFor(() =>
      system.ns.nc.flush().then(
        () => true,
        () => false,
      ),
    );
    await system.consumed(first.eventId);
    // After the restart the same consumer takes a second run.
    await system.bill(families.slice(15), '2026-09-10');

    await waitFor(async () => {
      const statuses = await settledStatuses();
      return statuses?.SENT === families.length && Object.keys(statuses).length === 1;
    }, 90_000);
    const received = await Promise.all(families.map((f) => messagesTo(system.mailbox, f.email)));
    expect(received.map((messages) => messages.length)).toEqual(families.map(() => 1));
  });
});
