import { runBenchMain } from '@cuota/testing/bench-main';
import { benchPpdReads } from './bench/ppd-reads-bench';

/**
 * `node services/invoicing/dist/invoicing-bench-main.cjs` with optionally
 * BENCH_INVOICING_PPD_STUDENTS (5000 per school): prints the PPD reads' result as one JSON
 * line. infra/bench/invoicing-ppd-scenario.ts runs it.
 */
runBenchMain(() => benchPpdReads(Number(process.env.BENCH_INVOICING_PPD_STUDENTS ?? 5_000)));
