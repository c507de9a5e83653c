import type { FiguresBenchResult } from '../../services/billing/src/bench/figures-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

/**
 * Issue 23's aim: Inicio's figures answer in < 100 ms p95 for a school of 5,000 students with
 * a full cycle of orders and payments. Billing's reads (its repositories, no HTTP) beside one
 * pass over the same school's orders in the same run.
 */
export async function figuresScaleScenario(): Promise<void> {
  const students = Number(process.env.BENCH_FIGURES_STUDENTS ?? 5_000);
  const r = await runBenchChild<FiguresBenchResult>(
    'billing',
    'services/billing/dist/billing-bench-main.cjs',
    { BENCH_BILLING_JOB: 'figures', BENCH_BILLING_STUDENTS: String(students) },
  );
  const fmt = (n: number) => n.toLocaleString('en-US');
  const report = `## Inicio's figures for ${fmt(r.students)} students (${fmt(r.orders)} orders)

Command: \`npm run bench\` (scenario infra/bench/figures-scale-scenario.ts, measuring
services/billing/src/bench/figures-bench.ts), ${new Date().toISOString().slice(0, 10)}, load
average ${r.loadAverage}. Ten months billed through the bill-run job, seven due and seven in
eight students paid them; 100 reads each as of 1 March 2027 (issue 23: < 100 ms p95).
Baseline in the same run: \`count(*)\` and \`sum(total)\` of the school's orders, one pass.

| read | p50, ms | p95, ms | p95 ÷ baseline p95 |
|---|---|---|---|
${r.reads.map((x) => `| ${x.read} | ${x.p50Ms} | **${x.p95Ms}** | ${x.ratio} |`).join('\n')}
| baseline: one pass over the school's orders | ${r.baselineP50Ms} | ${r.baselineP95Ms} | 1 |`;
  writeSection('figures-scale', report);
  console.log(report);
}
