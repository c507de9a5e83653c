import { runBenchMain } from '@cuota/testing/bench-main';
import { benchBilling } from './bench/billing-bench';

/**
 * `node services/billing/dist/billing-bench-main.cjs` with optionally BENCH_BILLING_STUDENTS
 * (100000): prints the result as one JSON line. infra/bench/billing-scale-scenario.ts runs it.
 */
runBenchMain(() => benchBilling(Number(process.env.BENCH_BILLING_STUDENTS ?? 100_000)));
