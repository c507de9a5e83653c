import { runBenchMain } from '@cuota/testing/bench-main';
import { benchCheckouts } from './bench/checkout-bench';

/**
 * `node services/payments/dist/checkout-bench-main.cjs` with KUSHKI_SANDBOX_URL (a running
 * gateway sandbox) and optionally BENCH_CHECKOUTS (500): prints the result as one JSON line.
 * infra/bench/payments-checkout-scenario.ts runs it beside a sandbox it starts.
 */
runBenchMain(async () => {
  const sandboxUrl = process.env.KUSHKI_SANDBOX_URL;
  if (!sandboxUrl) throw new Error('KUSHKI_SANDBOX_URL is required (a running gateway sandbox).');
  return benchCheckouts(sandboxUrl, Number(process.env.BENCH_CHECKOUTS ?? 500));
});
