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
One school, ${fmt(r.students)} active students in billing's directory. The bill run goes the
endpoint's way, as a job (ADR 0046): created PENDING with its students (one statement), then
the runner's chunks of ${fmt(r.students / r.progressUpdates)} students, each its own transaction
that bills them (\`INSERT … SELECT … ON CONFLICT DO NOTHING\`, their \`student_balances\`, their
\`billing.orders.billed\` parts) and commits the job's progress with them: ${r.progressUpdates}
progress updates. Baseline in the same run: a raw \`INSERT INTO orders … SELECT … FROM
student_directory\` of the same rows (same table and indexes; no conflict check, balances, run
row, job or event).

| measure | billing | baseline: raw INSERT … SELECT |
|---|---|---|
| ${fmt(r.students)} orders, as a job, s | **${r.billRunSeconds}** | ${r.rawInsertSeconds} |
| rate as a share of raw PostgreSQL's | **${r.rateRatio}** | 1 |

Then nine more months are billed (${fmt(r.orders)} orders) and, as of a date when most are past
due, read as the due-orders report does (billing's repositories, no HTTP):

| read | p50, ms | p95, ms |
|---|---|---|
| one student: balance row, overdue sum and open orders with late fees (200 random students) | ${r.detailP50Ms} | **${r.detailP95Ms}** |

Adeudos' list by name (issue 17: p95 < 50 ms at any page): a page of 25 students with the
count and each one's amounts as of that date, late fees included (\`dueOrdersPage\`, what
the endpoint answers). Billing reads the page by its students' numbered positions
(\`name_order_positions\`), which billing's builder numbered after the bill runs, together with
the filters' build, in ${r.builderSeconds} s (ADR 0048; a read writes nothing). Before the
builder ran, a read answered from the base tables: the first page in ${r.unbuiltPageMs} ms, the
filters in ${r.unbuiltFiltersMs} ms. Baseline in the same run: the same page by \`count(*)\` and
\`OFFSET\` over the balances joined to the directory (what a filtered list still does). The
positions are read in turns (one read of each, billing's then the baseline's, round after
round), so none is measured alone in the seconds after the builder ran.

| page position (samples) | p50, ms | p95, ms | baseline OFFSET p50, ms | baseline p95, ms |
|---|---|---|---|---|
${r.pages.map((p) => `| ${p.position} (${p.samples}) | ${p.p50Ms} | **${p.p95Ms}** | ${p.baselineP50Ms} | ${p.baselineP95Ms} |`).join('\n')}

Adeudos' filters (\`…/filters/\`, issue 17: < 200 ms): counts per level, section and status
and the school's totals as of that date, from the day's build (\`due_facet_*\`, ADR 0016),
50 reads: p50 ${r.filtersP50Ms} ms, p95 **${r.filtersP95Ms} ms**.`;
  writeSection('billing-scale', report);
  console.log(report);
}

function runBillingBench(students: number): Promise<BillingBenchResult> {
  return runBenchChild('billing', 'services/billing/dist/billing-bench-main.cjs', {
    BENCH_BILLING_STUDENTS: String(students),
  });
}
