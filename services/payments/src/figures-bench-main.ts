import { runBenchMain } from '@cuota/testing/bench-main';
import { benchPaymentsFigures } from './bench/figures-bench';

/**
 * `node services/payments/dist/figures-bench-main.cjs` with optionally BENCH_PAYMENTS_STUDENTS
 * (5000): Inicio's collections and the month close's payments part, one JSON line.
 * infra/bench/figures-scale-scenario.ts runs it beside billing's figures bench.
 */
runBenchMain(() => benchPaymentsFigures(Number(process.env.BENCH_PAYMENTS_STUDENTS ?? 5_000)));
