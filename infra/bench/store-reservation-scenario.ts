import os from 'node:os';
import type { StoreReservationBenchResult } from '../../services/billing/src/bench/store-reservation-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

/**
 * Issue 21's "200 concurrent buyers of the last 10 items sell exactly 10" (ADR 0063): the
 * reservation code in billing's own process on a throwaway database, as a ratio to the same
 * buyers only reading the stock (validate_stock's query) in the same run.
 */
export async function storeReservationScenario(): Promise<void> {
  const buyers = process.env.BENCH_STORE_BUYERS ?? '200';
  const { rounds } = await runBenchChild<StoreReservationBenchResult>(
    'billing',
    'services/billing/dist/billing-bench-main.cjs',
    { BENCH_BILLING_JOB: 'store-reservation', BENCH_STORE_BUYERS: buyers },
  );
  const baseline = rounds[0]!.seconds;
  const report = `## Store stock reservation: ${buyers} concurrent buyers

Command: \`BENCH_SCENARIOS=store-reservation npm run bench:run\` (scenario
infra/bench/store-reservation-scenario.ts, measuring
services/billing/src/bench/store-reservation-bench.ts), ${new Date().toISOString().slice(0, 10)},
load average ${os.loadavg()[0]!.toFixed(1)}. All buyers at once on one variant, pool of 10
connections; each reserve is one transaction holding the unit with a conditional UPDATE.
"reserved" must equal min(buyers, units): never more (ADR 0063).

| case | buyers | units | reserved | s | ms per buyer | × baseline |
|---|---|---|---|---|---|---|
${rounds
  .map(
    (r) =>
      `| ${r.case} | ${r.buyers} | ${r.units} | **${r.reserved}** | ${r.seconds} | ${r.perBuyerMs} | ${(r.seconds / baseline).toFixed(1)} |`,
  )
  .join('\n')}`;
  writeSection('billing-store-reservation', report);
  console.log(report);
}
