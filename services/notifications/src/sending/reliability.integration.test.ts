/**
 * Issue 22's reliability case: billing's events arrive twice and are taken by two instances
 * (two consumers of one durable, two planners, two senders on one database); one instance's
 * consumers stop mid-batch and start again, the other instance is stopped while it sends.
 * Every family still gets its reminder, and none gets two.
 */
import { randomUUID } from 'node:crypto';
import { ordersBilledV1 } from '@cuota/contracts/events/billing.orders.billed.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { messagesTo } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import {
  SCHOOL_ID,
  startNotificationsTestSystem,
  type Family,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(120_000);

const FAMILIES = 40;
const PER_EVENT = 10;
let system: NotificationsTestSystem;

beforeAll(async () => {
  system = await startNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });
});
afterAll(() => system?.stop());

/** One bill run in parts of PER_EVENT orders, each part published twice (a redelivery). */
async function publishBillRun(families: Family[]): Promise<void> {
  for (let i = 0; i < families.length; i += PER_EVENT) {
    const items = families.slice(i, i + PER_EVENT).map((f) => ({
      order_id: randomUUID(),
      student_id: f.studentId,
      amount_centavos: 180_000,
    }));
    for (const item of items)
      system.billing.open({
        orderId: item.order_id,
        studentId: item.student_id,
        dueOn: '2026-09-10',
        centavos: 180_000,
      });
    const data = {
      school_id: SCHOOL_ID,
      batch_id: randomUUID(),
      concept_id: randomUUID(),
      concept_type: 'MONTHLY_FEE' as const,
      period: '2026-09',
      orders: items.length,
      total_centavos: 180_000 * items.length,
      detail: { concept_name: 'Colegiatura', items },
    };
    const id = randomUUID();
    await publishEvent(system.ns.nc, system.ns, ordersBilledV1, data, id);
    await publishEvent(system.ns.nc, system.ns, ordersBilledV1, data, id, `${id}-again`);
  }
}

test('consumers stopped mid-batch, an instance stopped while sending: one reminder each, none lost', async () => {
  const families: Family[] = [];
  for (let n = 1; n <= FAMILIES; n += 1) families.push(await system.family(n));
  const second = await system.secondInstance();
  const first = system.underTest.service;

  await publishBillRun(families);
  // Mid-batch: the first instance's consumers stop and come back; the second takes over.
  await first.stopConsumers();
  await first.startConsumers();
  // The second instance is stopped once sending has started (its pass finishes first).
  await waitFor(async () => {
    const [row] = await system.underTest.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM guardian_notifications WHERE status = 'SENT'",
    );
    return row!.n > 0;
  }, 30_000);
  await second.stop();

  await waitFor(async () => {
    const rows = await system.underTest.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM guardian_notifications GROUP BY status',
    );
    return rows.length === 1 && rows[0]!.status === 'SENT' && rows[0]!.n === FAMILIES;
  }, 60_000);
  const received = await Promise.all(families.map((f) => messagesTo(system.mailbox, f.email)));
  expect(received.map((messages) => messages.length)).toEqual(families.map(() => 1));
  const [receivables] = await system.underTest.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM receivables',
  );
  expect(receivables!.n).toBe(FAMILIES);
});
