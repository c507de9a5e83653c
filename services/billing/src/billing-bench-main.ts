import { runBenchMain } from '@cuota/testing/bench-main';
import { benchBilling } from './bench/billing-bench';
import { benchFigures } from './bench/figures-bench';
import { benchMassiveScholarship } from './bench/massive-scholarship-bench';
import { benchStoreReservation } from './bench/store-reservation-bench';

/**
 * `node services/billing/dist/billing-bench-main.cjs` with optionally BENCH_BILLING_STUDENTS
 * (100000): prints the result as one JSON line. infra/bench/billing-scale-scenario.ts runs it.
 * With BENCH_BILLING_JOB=massive-scholarship (infra/bench/massive-scholarship-scenario.ts):
 * the massive scholarship job instead, for BENCH_BILLING_STUDENTS (10000) students with
 * BENCH_BILLED_MONTHS (0) months already billed. With BENCH_BILLING_JOB=store-reservation
 * (infra/bench/store-reservation-scenario.ts): BENCH_STORE_BUYERS (200) concurrent buyers.
 * With BENCH_BILLING_JOB=figures (infra/bench/figures-scale-scenario.ts): Inicio's figures and
 * the month close's billing part for BENCH_BILLING_STUDENTS (5000) students.
 */
function benchJob() {
  switch (process.env.BENCH_BILLING_JOB) {
    case 'massive-scholarship':
      return benchMassiveScholarship(
        Number(process.env.BENCH_BILLING_STUDENTS ?? 10_000),
        Number(process.env.BENCH_BILLED_MONTHS ?? 0),
      );
    case 'figures':
      return benchFigures(Number(process.env.BENCH_BILLING_STUDENTS ?? 5_000));
    case 'store-reservation':
      return benchStoreReservation(Number(process.env.BENCH_STORE_BUYERS ?? 200));
    default:
      return benchBilling(Number(process.env.BENCH_BILLING_STUDENTS ?? 100_000));
  }
}

runBenchMain(benchJob);
