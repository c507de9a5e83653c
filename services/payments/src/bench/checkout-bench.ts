import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile } from '@cuota/testing/percentile';
import { waitFor } from '@cuota/testing/wait-for';
import type { KushkiGateway } from '../gateway/kushki-gateway';
import {
  CARDS,
  CHECKOUT_PATH,
  PaymentsHarness,
  WEBHOOK_PATH,
} from '../test-support/payments-harness';
import { cpuMs } from '@cuota/testing/process-cpu';
import { ServiceProcess } from '@cuota/testing/service-process';

export interface CheckoutBenchResult {
  checkouts: number;
  /** Checkouts in flight at once (all of them: one burst). */
  concurrency: number;
  /** From the first request to the last payment settled by its webhook. */
  seconds: number;
  /** Payments settled (webhook received, ledger posted, event enqueued) per second. */
  paymentsPerSecond: number;
  /**
   * Payments' CPU (user + system, its process) from the first request to the last payment
   * settled, per settled payment: what the burst's limit is made of, and less noisy than the
   * rate on a shared machine.
   */
  paymentsCpuMsPerPayment: number;
  /**
   * The same for the bench's own process over the same span: billing's real service (quotes,
   * payments' events), the webhook relay and the 500 requests' client.
   */
  benchCpuMsPerPayment: number;
  /** The checkout request's answer (202), as the family waits for it. */
  p50Ms: number;
  p99Ms: number;
  /**
   * The sandbox's attempts to deliver the sale webhooks, per checkout: 1 when every webhook
   * was answered before the sandbox's timeout, more when it redelivered late answers.
   */
  saleDeliveriesPerPayment: number;
  /** Checkouts not answered 202 (nothing charged). */
  refused: number;
  /** Charges the gateway approved that payments never settled. */
  lost: number;
  /** Orders paid more than once, or payins charged or settled more than once. */
  duplicated: number;
  ledgerOk: boolean;
}

/**
 * Issue 8's scale target: `checkouts` card payments at once against the gateway sandbox,
 * each for another family's order (tokenised first, as the browser does), then every
 * payment settled by its signed webhook. Billing is its real service: the families are
 * enrolled through enrolment's events and billed by a bill run, each checkout's quote is
 * billing's answer and billing applies payments' events as the run goes. Counts lost and
 * duplicated payments from the gateway's and payments' own records, and ends with the
 * ledger check (payments' receivable against billing's open orders).
 */
export async function benchCheckouts(
  sandboxUrl: string,
  checkouts = 500,
): Promise<CheckoutBenchResult> {
  const h = await PaymentsHarness.start({
    label: 'payments_bench',
    sandbox: { url: sandboxUrl, stop: async () => {} },
  });
  let payments: ServiceProcess | undefined;
  try {
    const school = h.schools[0]!;
    // Families enrolled as enrolment's events enrol them; billing's real service bills them
    // (one concept, one bill run over the level) and answers every checkout's quote.
    const families = await h.enrolFamilies(school, checkouts);
    const orders = await h.realBilling.bill(
      families.map((f) => ({
        schoolId: school.id,
        studentId: f.studentId,
        guardianId: f.guardianId,
        conceptName: 'Colegiatura',
        conceptType: 'MONTHLY_FEE' as const,
        period: '2026-03',
        dueOn: '2026-03-10',
        amount: 385_000,
        lateFee: 0,
      })),
    );
    const tokens = await Promise.all(orders.map((o) => h.tokenize(school, CARDS.visa, o.amount)));
    await waitFor(async () => (await h.ledgerCheck()).ok, 60_000); // billed and posted
    const gateway = await gatewayOf(h, school.id);
    // Payments in a process of its own, as deployed (main.cjs beside this bundle), so it does
    // not share one event loop with billing, the webhook relay and this bench.
    await h.stopService();
    payments = await ServiceProcess.start(
      path.join(__dirname, 'main.cjs'),
      statementsLogged(h.processEnv(NO_RECONCILIATION)),
    );
    h.externalUrl = payments.url;

    const runStarted = new Date();
    const cpuStarted = cpuMs(payments.pid);
    const benchCpuStarted = cpuMs(process.pid);
    const started = performance.now();
    const latencies: number[] = [];
    const answers = await Promise.all(
      orders.map(async (order, i) => {
        const sent = performance.now();
        const res = await h.call(
          { kind: 'guardian', guardian_id: order.guardianId, school_ids: [school.id] },
          CHECKOUT_PATH,
          {
            method: 'POST',
            json: {
              school_id: school.id,
              items: [{ order_id: order.id }],
              card: { token: tokens[i] },
            },
            headers: { 'idempotency-key': `bench-${order.id}` },
          },
        );
        latencies.push(performance.now() - sent);
        return res;
      }),
    );
    const payinIds = answers.filter((a) => a.status === 202).map((a) => a.body.id as string);
    const settledCount = () => h.count('payins', "status = 'success' AND type = 'CARD'");
    await waitFor(async () => (await settledCount()) === payinIds.length, 120_000, 100).catch(
      () => undefined,
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuUsed = cpuMs(payments.pid) - cpuStarted;
    const benchCpuUsed = cpuMs(process.pid) - benchCpuStarted;
    const settled = await settledCount();
    const { rows } = await h.books.$client.query<{ id: string; status: string }>(
      'SELECT id, status FROM payins WHERE id = ANY($1)',
      [payinIds],
    );
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));

    const approvedOf = await approvedChargesByPayin(gateway, runStarted);
    const charges = payinIds.map((id) => approvedOf.get(id) ?? 0);
    const doublePaidOrders = await h.count(
      '(SELECT order_id FROM allocations GROUP BY order_id HAVING count(*) > 1) AS d',
    );
    const doubleSettled = await h.count(
      `(SELECT payload->'data'->>'payin_id' FROM outbox_events
         WHERE type = 'payments.payin.succeeded' GROUP BY 1 HAVING count(*) > 1) AS d`,
    );
    const deliveries = await saleDeliveries(sandboxUrl);
    const ledger = await waitFor(async () => {
      const report = await h.ledgerCheck();
      return report.ok ? report : undefined;
    }, 30_000).catch(() => null);
    latencies.sort((a, b) => a - b);
    return {
      checkouts,
      concurrency: checkouts,
      seconds: Math.round(seconds * 100) / 100,
      paymentsPerSecond: Math.round(settled / seconds),
      paymentsCpuMsPerPayment: perPayment(cpuUsed, settled),
      benchCpuMsPerPayment: perPayment(benchCpuUsed, settled),
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      saleDeliveriesPerPayment: Math.round((100 * deliveries) / Math.max(payinIds.length, 1)) / 100,
      refused: checkouts - payinIds.length,
      lost: payinIds.filter((id, i) => charges[i]! > 0 && statusOf.get(id) !== 'success').length,
      duplicated: charges.filter((n) => n > 1).length + doublePaidOrders + doubleSettled,
      ledgerOk: ledger !== null,
    };
  } finally {
    await payments?.stop();
    await h.stop();
  }
}

/**
 * BENCH_LOG_STATEMENTS=1: payments' own connections log every statement to PostgreSQL's
 * server log (`log_statement`, superuser), which counts statements per payment where
 * pg_stat_statements is not loaded (docs/benchmarks.md, investigations).
 */
function statementsLogged(env: Record<string, string>): Record<string, string> {
  if (!process.env.BENCH_LOG_STATEMENTS) return env;
  const url = new URL(env.DATABASE_URL!);
  url.searchParams.set('options', '-c log_statement=all');
  console.error(`payments logs its statements as database ${url.pathname.slice(1)}`);
  return { ...env, DATABASE_URL: url.toString() };
}

const perPayment = (ms: number, settled: number) =>
  Math.round((10 * ms) / Math.max(settled, 1)) / 10;

/** Only webhooks settle during the burst (0: no reconciliation), or a lost one would hide. */
const NO_RECONCILIATION = '0';

async function gatewayOf(h: PaymentsHarness, schoolId: string): Promise<KushkiGateway> {
  return (await h.deps.gateways.current(schoolId)).gateway;
}

/** The sandbox's attempts to deliver the bench's sale webhooks, redeliveries included. */
async function saleDeliveries(sandboxUrl: string): Promise<number> {
  const res = await fetch(`${sandboxUrl}/_sandbox/webhooks`);
  const log = (await res.json()) as { url: string; transaction_type: string }[];
  return log.filter((d) => d.url.endsWith(WEBHOOK_PATH) && d.transaction_type === 'SALE').length;
}

/** Approved charges at the gateway since `since`, by the payin id in their metadata. */
async function approvedChargesByPayin(gateway: KushkiGateway, since: Date) {
  const { sales } = await gateway.transactionsBetween(since, new Date());
  const approved = new Map<string, number>();
  for (const sale of sales)
    if (sale.status === 'APPROVAL' && sale.paymentId)
      approved.set(sale.paymentId, (approved.get(sale.paymentId) ?? 0) + 1);
  return approved;
}
