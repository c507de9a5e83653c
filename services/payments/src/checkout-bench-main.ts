import { benchCheckouts } from './bench/checkout-bench';

/**
 * `node services/payments/dist/checkout-bench-main.cjs` with KUSHKI_SANDBOX_URL (a running
 * gateway sandbox) and optionally BENCH_CHECKOUTS (500): prints the result as one JSON line.
 * infra/bench/payments-checkout-scenario.ts runs it beside a sandbox it starts.
 */
async function main() {
  const sandboxUrl = process.env.KUSHKI_SANDBOX_URL;
  if (!sandboxUrl) throw new Error('KUSHKI_SANDBOX_URL is required (a running gateway sandbox).');
  const result = await benchCheckouts(sandboxUrl, Number(process.env.BENCH_CHECKOUTS ?? 500));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
