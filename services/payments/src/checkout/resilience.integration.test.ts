/**
 * Payments killed between the gateway's approval and the event's publish, and NATS
 * restarted mid-flow: after restart the state converges, nothing lost, nothing duplicated.
 * Payments runs as its own OS process (SIGKILL is a real crash) against a nats-server of the
 * test's own (stopping the shared one would disturb everyone else).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { streamOf, subjectOf } from '@cuota/messaging/naming';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness } from '../test-support/payments-harness';
import { type SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { NatsServer } from '@cuota/testing/nats-server';
import { bundleServiceMain, freePort, ServiceProcess } from '@cuota/testing/service-process';

const NATS_BINARY = '/usr/sbin/nats-server';
const describeWithNats = existsSync(NATS_BINARY) ? describe : describe.skip;

jest.setTimeout(120_000);

describeWithNats('payments converges after crashes and NATS restarts', () => {
  let nats: NatsServer;
  let storeDir: string;
  let bundle: Awaited<ReturnType<typeof bundleServiceMain>>;
  let h: PaymentsHarness;
  let school: SchoolFixture;
  let payments: ServiceProcess | undefined;

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(tmpdir(), 'nats-js-'));
    nats = new NatsServer(await freePort(), storeDir, NATS_BINARY);
    await nats.start();
    bundle = await bundleServiceMain(path.resolve(__dirname, '../..'));
    h = await startPaymentsHarness({
      label: 'payments_crash',
      natsUrl: nats.url,
    });
    [school] = h.schools as [SchoolFixture];
    // From here on payments runs as a process of its own on the same database. Only the
    // webhook settles until the first crash: a reconciliation tick between the checkout's 202
    // and the kill would settle the payin before the crash the first test is about.
    await h.stopService();
    payments = await startPayments(WEBHOOK_ONLY);
  }, 120_000);

  afterAll(async () => {
    await payments?.kill();
    await h?.stop();
    await nats?.stop();
    await bundle?.remove();
    await rm(storeDir, { recursive: true, force: true });
  });

  /** Reconciliation every 200 ms settles a payin the webhook has not (after the first crash). */
  const RECONCILE_AT_ONCE = '200';
  /** Only the webhook settles: the reconciler would otherwise win the race against NATS going down. */
  const WEBHOOK_ONLY = '3600000';

  async function startPayments(reconcileEveryMs = RECONCILE_AT_ONCE): Promise<ServiceProcess> {
    const started = await ServiceProcess.start(bundle.file, h.processEnv(reconcileEveryMs));
    h.externalUrl = started.url;
    return started;
  }

  /** payments.payin.succeeded rows of a payin still waiting in payments' outbox. */
  async function unpublishedSucceeded(payinId: string): Promise<number> {
    const { rows } = await h.books.$client.query(
      "SELECT count(*)::int AS n FROM outbox_events WHERE type = 'payments.payin.succeeded' AND published_at IS NULL AND payload->'data'->>'payin_id' = $1",
      [payinId],
    );
    return rows[0].n as number;
  }

  const behaviour = (json: object) =>
    fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(json) });

  /** How many payments.payin.succeeded messages the stream holds for a payin. */
  async function succeededEvents(payinId: string): Promise<number> {
    const jsm = await jetstreamManager(h.ns.nc);
    const stream = streamOf(h.ns, 'PAYMENTS');
    const info = await jsm.streams.info(stream);
    let n = 0;
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const msg = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (
        msg?.subject === subjectOf(h.ns, 'payments.payin.succeeded') &&
        msg.string().includes(payinId)
      )
        n++;
    }
    return n;
  }

  async function converged(payinId: string, orderId: string) {
    await h.waitForStatus(payinId, 'success', 20_000);
    await waitFor(async () => (await succeededEvents(payinId)) >= 1, 20_000);
    expect(await succeededEvents(payinId)).toBe(1);
    expect(await h.count('payins', 'id = $1', [payinId])).toBe(1);
    expect(await h.count('allocations', 'order_id = $1', [orderId])).toBe(1);
    expect(
      await h.count('ledger_transactions', 'idempotency_key = $1', [`payin:${payinId}:settled`]),
    ).toBe(1);
    await waitFor(async () => {
      const report = await h.ledgerCheck();
      expect(report.mismatches).toEqual([]);
      return report.ok;
    }, 20_000);
  }

  /**
   * An order of the first family's `student` billed for `period`, payments restarted with
   * only the webhook settling, and the order checked out with its webhook held.
   */
  async function heldCheckoutAfterRestart(student: number, period: string) {
    const [order] = await h.bill(school, [school.families[0]!.studentIds[student]!], { period });
    // Payments posts the billed order first: a delivery the kill cut short returns only after
    // JetStream's ack wait.
    await waitFor(async () => (await h.ledgerCheck()).ok, 20_000);
    await payments!.kill();
    payments = await startPayments(WEBHOOK_ONLY);
    await behaviour({ hold: true });
    const res = await h.checkout(school, [order!]);
    expect(res.status).toBe(202);
    return { order: order!, res };
  }

  test('killed after the gateway approved, before any webhook: restart and reconciliation settle it once', async () => {
    const [order] = await h.bill(school, [school.families[0]!.studentIds[0]!], {
      period: '2026-01',
    });
    // Payments posts the billed order first: a delivery the kill cut short returns only after
    // JetStream's ack wait, past the convergence's 20 s (a quicker checkout made it a race).
    await waitFor(async () => (await h.ledgerCheck()).ok, 20_000);
    await behaviour({ hold: true });
    const res = await h.checkout(school, [order!]);
    expect(res.status).toBe(202);
    await payments!.kill();
    // The held webhook leaves now and finds nobody: the sandbox gives up after its retries.
    await behaviour({});
    await waitFor(async () => {
      const log = (await (await fetch(`${h.sandbox.url}/_sandbox/webhooks`)).json()) as {
        attempt: number;
        status: number | null;
      }[];
      return log.filter((d) => d.status !== 200).length >= 4;
    }, 10_000);
    expect(await h.count('payins', "id = $1 AND status = 'pending'", [res.body.id])).toBe(1);

    payments = await startPayments();
    await converged(res.body.id, order!.id);
    await h.realBilling.waitForPaid(order!);
  });

  test('settled while NATS was down, killed before publishing: the event arrives once after both restart', async () => {
    const { order, res } = await heldCheckoutAfterRestart(1, '2026-02');
    await nats.stop();
    await behaviour({});
    // The webhook settles it (the database commits the event in its outbox)…
    await h.waitForStatus(res.body.id, 'success', 20_000);
    expect(await unpublishedSucceeded(res.body.id)).toBe(1);
    // …and payments dies before NATS is back to take it.
    await payments!.kill();
    await nats.start();
    payments = await startPayments(WEBHOOK_ONLY);
    await converged(res.body.id, order!.id);
    await h.realBilling.waitForPaid(order!);
  });

  test('killed after recording the webhook, before settling it: the restart settles it once (ADR 0111)', async () => {
    const { order, res } = await heldCheckoutAfterRestart(0, '2026-04');
    // The payin is held by another transaction: the webhook is recorded and answered, its
    // settlement waits for the lock, and payments dies there.
    const holder = await h.books.$client.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM payins WHERE id = $1 FOR UPDATE', [res.body.id]);
      await behaviour({});
      const queued = () =>
        h.count('gateway_notifications', 'payin_id = $1 AND pending_sale IS NOT NULL', [
          res.body.id,
        ]);
      await waitFor(async () => (await queued()) === 1, 20_000);
      await payments!.kill();
      await holder.query('ROLLBACK');
      expect(await queued()).toBe(1);
      expect(await h.count('payins', "id = $1 AND status = 'pending'", [res.body.id])).toBe(1);
    } finally {
      holder.release();
    }
    payments = await startPayments(WEBHOOK_ONLY);
    await converged(res.body.id, order.id);
    await h.realBilling.waitForPaid(order);
    // The delivery was answered 200 before the settlement (how soon depends on the machine).
    const { rows } = await h.books.$client.query<{ ticket_number: string }>(
      'SELECT ticket_number FROM gateway_notifications WHERE payin_id = $1',
      [res.body.id],
    );
    const log = (await (
      await fetch(`${h.sandbox.url}/_sandbox/webhooks?ticketNumber=${rows[0]!.ticket_number}`)
    ).json()) as { ticket_number: string; status: number | null }[];
    const deliveries = log.filter((d) => d.ticket_number === rows[0]!.ticket_number);
    expect(deliveries.map((d) => d.status)).toContain(200);
  });

  test('NATS restarted mid-flow, payments alive: the event waits in the outbox and arrives', async () => {
    const [order] = await h.bill(school, [school.families[0]!.studentIds[0]!], {
      period: '2026-03',
    });
    await behaviour({ hold: true });
    const res = await h.checkout(school, [order!]);
    expect(res.body).toMatchObject({ status: 'pending' });
    await nats.stop();
    await behaviour({});
    await h.waitForStatus(res.body.id, 'success', 20_000);
    expect(await unpublishedSucceeded(res.body.id)).toBe(1);
    await nats.start();
    await converged(res.body.id, order!.id);
    await h.realBilling.waitForPaid(order!);
  });
});
