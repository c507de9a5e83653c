import { benchBilling } from './bench/billing-bench';

/**
 * `node services/billing/dist/billing-bench-main.cjs` with optionally BENCH_BILLING_STUDENTS
 * (100000): prints the result as one JSON line. infra/bench/billing-scale-scenario.ts runs it.
 */
async function main() {
  const result = await benchBilling(Number(process.env.BENCH_BILLING_STUDENTS ?? 100_000));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
