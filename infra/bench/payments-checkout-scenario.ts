import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { percentile } from '../../packages/testing/src/percentile.ts';
import { cpuMs } from '../../packages/testing/src/process-cpu.ts';
import { startGatewaySandbox, type GatewaySandbox } from '../sandboxes/gateway/gateway-sandbox.ts';
import type { CheckoutBenchResult } from '../../services/payments/src/bench/checkout-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

const VISA = '4111111111111111';

/**
 * Issue #8's checkout target: 500 card payments at once through payments (PostgreSQL, NATS,
 * billing's real service) against the gateway sandbox, each settled by its signed webhook;
 * payments/s, p99, and lost and duplicated payments (must be zero). Baseline in the same run:
 * the same number of token + charge pairs straight at the sandbox, without payments.
 */
export async function paymentsCheckoutScenario(): Promise<void> {
  const checkouts = Number(process.env.BENCH_CHECKOUTS ?? 500);
  const load = { before: loadNow() };
  const sandbox = await startGatewaySandbox({ port: 0 });
  try {
    const baseline = await chargeDirectly(sandbox, checkouts);
    // The sandbox lives in this process: what it spends is taken from the same two cores.
    const sandboxCpuBefore = cpuMs(process.pid);
    const result = await runPaymentsBench(sandbox.url, checkouts);
    const sandboxCpuMs =
      Math.round((10 * (cpuMs(process.pid) - sandboxCpuBefore)) / checkouts) / 10;
    const ok = result.lost === 0 && result.duplicated === 0 && result.refused === 0;
    const report = `## Card checkout: ${checkouts} concurrent payments against the gateway sandbox

Command: \`npm run bench\` (scenario infra/bench/payments-checkout-scenario.ts, measuring
services/payments/src/bench/checkout-bench.ts), ${new Date().toISOString().slice(0, 10)}.
${checkouts} families each pay one order by card at the same moment (tokenised beforehand,
as the hosted form does): \`POST /api/v1/payments_v2/checkout/\` asks billing's quote over
NATS, records the pending payin and \`payments.payin.initiated\`, charges the sandbox and
answers 202; the sandbox's signed webhook then settles each payment (allocation, ledger,
\`payments.payin.succeeded\`) in one transaction. The families are enrolled through
enrolment's events and billed by billing's real service (a bill run), which answers every
quote and applies payments' events during the run (in the bench's process, with the webhook
relay); payments runs as its own process (its main.cjs, as deployed); payments, billing,
PostgreSQL and NATS are real. Baseline: the same number of token + charge pairs sent
straight to the sandbox at once. Load average (1 min) before / after the run:
${load.before} / ${loadNow()} (2 cores, shared).

| measure | payments | baseline: sandbox alone |
|---|---|---|
| wall time, first request → last payment settled, s | ${result.seconds} | ${baseline.seconds} |
| payments settled per second | **${result.paymentsPerSecond}** | ${baseline.perSecond} charges/s |
| settled per second over the sandbox's charges per second | **${percentOf(result.paymentsPerSecond, baseline.perSecond)} %** | 100 % |
| payments' CPU per settled payment, ms (its process, user + system) | ${result.paymentsCpuMsPerPayment} | |
| the bench's process (billing, webhook relay, client), CPU ms per settled payment | ${result.benchCpuMsPerPayment} | |
| the gateway sandbox (this scenario's process: tokens, charges, webhooks; set-up included), CPU ms per checkout | ${sandboxCpuMs} | |
| checkout answer p50 / p99, ms | ${result.p50Ms} / **${result.p99Ms}** | ${baseline.p50Ms} / ${baseline.p99Ms} (charge) |
| sale webhook deliveries per payment (1: none redelivered) | ${result.saleDeliveriesPerPayment} | |

Lost payments (charged, never settled): **${result.lost}**; duplicated (charged, settled or
allocated twice): **${result.duplicated}**; checkouts refused: ${result.refused}; ledger check
after the run: ${result.ledgerOk ? 'balanced, receivables equal billing' : 'FAILED'}.
${ok ? 'Nothing lost, nothing duplicated.' : '**Target NOT met: payments were lost, duplicated or refused.**'}`;
    writeSection('payments-checkout', report);
    console.log(report);
  } finally {
    await sandbox.stop();
  }
}

const percentOf = (part: number, whole: number) => Math.round((100 * part) / whole);
const loadNow = () => os.loadavg()[0]!.toFixed(1);

function runPaymentsBench(sandboxUrl: string, checkouts: number): Promise<CheckoutBenchResult> {
  return runBenchChild('payments', 'services/payments/dist/checkout-bench-main.cjs', {
    KUSHKI_SANDBOX_URL: sandboxUrl,
    BENCH_CHECKOUTS: String(checkouts),
  });
}

/** Token + charge straight at the sandbox, all at once; webhooks to a receiver that says 200. */
async function chargeDirectly(sandbox: GatewaySandbox, n: number) {
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const publicId = 'bench-public-merchant';
    const privateId = 'bench-private-merchant';
    await fetch(`${sandbox.url}/_sandbox/merchants/${publicId}`, {
      method: 'PUT',
      body: JSON.stringify({
        merchant_id: '20000000100000000098',
        private_merchant_id: privateId,
        webhook_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
        webhook_signature: 'firma-bench',
      }),
    });
    const tokens = await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await fetch(`${sandbox.url}/card/v1/tokens`, {
          method: 'POST',
          headers: { 'Public-Merchant-Id': publicId },
          body: JSON.stringify({
            card: { name: 'BENCH', number: VISA, expiryMonth: '12', expiryYear: '39', cvv: '123' },
            totalAmount: 3500,
            currency: 'MXN',
          }),
        });
        return ((await res.json()) as { token: string }).token;
      }),
    );
    const started = performance.now();
    const latencies = await Promise.all(
      tokens.map(async (token) => {
        const sent = performance.now();
        const res = await fetch(`${sandbox.url}/card/v1/charges`, {
          method: 'POST',
          headers: { 'Private-Merchant-Id': privateId },
          body: JSON.stringify({
            token,
            amount: { subtotalIva: 0, subtotalIva0: 3500, iva: 0, ice: 0, currency: 'MXN' },
          }),
        });
        await res.arrayBuffer();
        return performance.now() - sent;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      seconds: Math.round(seconds * 100) / 100,
      perSecond: Math.round(n / seconds),
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
    };
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}
