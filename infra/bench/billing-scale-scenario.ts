import type { BillingBenchResult } from '../../services/billing/src/bench/billing-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

/**
 * Issue #8's billing targets: a bill run for 100,000 students beside a raw PostgreSQL
 * INSERT … SELECT of the same rows in the same run, and the due-orders reads over 1,000,000
 * orders. Runs billing's code in its own process on a throwaway database (needs the build).
 */
export async function billingScaleScenario(): Promise<void> {
  const students = Number(process.env.BENCH_BILLING_STUDENTS ?? 100_000);
  const r = await runBillingBench(students);
  const fmt = (n: number) => n.toLocaleString('en-US');
  const report = `## Bill run for ${fmt(r.students)} students; due orders over ${fmt(r.orders)} orders

Command: \`npm run bench\` (scenario infra/bench/billing-scale-scenario.ts, measuring
services/billing/src/bench/billing-bench.ts), ${new Date().toISOString().slice(0, 10)}.
One school, ${fmt(r.students)} active students in billing's directory. The bill run is billing's
command in one transaction: the run row, one \`INSERT … SELECT … ON CONFLICT DO NOTHING\` that
also adds each order to \`student_balances\`, and one \`billing.orders.billed\` in the outbox.
Baseline in the same run: a raw \`INSERT INTO orders … SELECT … FROM student_directory\` of
the same rows (same table and indexes; no conflict check, balances, run row or event).

| measure | billing | baseline: raw INSERT … SELECT |
|---|---|---|
| ${fmt(r.students)} orders, s | **${r.billRunSeconds}** | ${r.rawInsertSeconds} |
| rate as a share of raw PostgreSQL's | **${r.rateRatio}** | 1 |
| the same run again (creates ${r.repeatCreated}), s | ${r.repeatRunSeconds} | — |

Then nine more months are billed (${fmt(r.orders)} orders) and, as of a date when most are past
due, read as the due-orders report does (billing's repositories, no HTTP):

| read | p50, ms | p95, ms |
|---|---|---|
| one student: balance row, overdue sum and open orders with late fees (200 random students) | ${r.detailP50Ms} | **${r.detailP95Ms}** |
| the first page of 25 students by name, with the count (20 times) | ${r.firstPageP50Ms} | ${r.firstPageP95Ms} |
| a page of 25 students by name, with the count (100 pages spread over the school) | ${r.pageP50Ms} | ${r.pageP95Ms} |`;
  writeSection('billing-scale', report);
  console.log(report);
}

function runBillingBench(students: number): Promise<BillingBenchResult> {
  return runBenchChild('billing', 'services/billing/dist/billing-bench-main.cjs', {
    BENCH_BILLING_STUDENTS: String(students),
  });
}
