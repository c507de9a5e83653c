import type { FiguresBenchResult } from '../../services/billing/src/bench/figures-bench.ts';
import type { PaymentsFiguresBenchResult } from '../../services/payments/src/bench/figures-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

type Read = FiguresBenchResult['reads'][number];

const table = (
  reads: Read[],
  baseline: string,
  p50: number,
  p95: number,
) => `| read | p50, ms | p95, ms | p95 ÷ baseline p95 |
|---|---|---|---|
${reads.map((x) => `| ${x.read} | ${x.p50Ms} | **${x.p95Ms}** | ${x.ratio} |`).join('\n')}
| baseline: ${baseline} | ${p50} | ${p95} | 1 |`;

/**
 * Issue 23's aim: Inicio's figures answer in < 100 ms p95 for a school of 5,000 students with
 * a full cycle of orders and payments. Billing's reads and payments' (their repositories, no
 * HTTP), each beside one pass over the same school's rows in the same run, one after the
 * other so they do not share the machine.
 */
export async function figuresScaleScenario(): Promise<void> {
  const students = Number(process.env.BENCH_FIGURES_STUDENTS ?? 5_000);
  const b = await runBenchChild<FiguresBenchResult>(
    'billing',
    'services/billing/dist/billing-bench-main.cjs',
    { BENCH_BILLING_JOB: 'figures', BENCH_BILLING_STUDENTS: String(students) },
  );
  const p = await runBenchChild<PaymentsFiguresBenchResult>(
    'payments',
    'services/payments/dist/figures-bench-main.cjs',
    { BENCH_PAYMENTS_STUDENTS: String(students) },
  );
  const fmt = (n: number) => n.toLocaleString('en-US');
  const report = `## Inicio's figures for ${fmt(b.students)} students (${fmt(b.orders)} orders, ${fmt(p.payins)} payins)

Command: \`npm run bench\` (scenario infra/bench/figures-scale-scenario.ts, measuring
services/billing/src/bench/figures-bench.ts and services/payments/src/bench/figures-bench.ts),
${new Date().toISOString().slice(0, 10)}, load average ${b.loadAverage} after billing's reads,
${p.loadAverage} after payments'. 100 reads each as of 1 March 2027 (issue 23: < 100 ms p95).

Billing: ten months billed through the bill-run job, seven due and seven in eight students
paid them. Baseline in the same run: \`count(*)\` and \`sum(total)\` of the school's orders.

${table(b.reads, "one pass over the school's orders", b.baselineP50Ms, b.baselineP95Ms)}

Payments: the same seven months paid by seven in eight students (card, transfer, cash; one in
twenty late with a late fee), one payin in a hundred voided the next day. Baseline:
\`count(*)\` and \`sum(amount)\` of the school's payins.

${table(p.reads, "one pass over the school's payins", p.baselineP50Ms, p.baselineP95Ms)}`;
  writeSection('figures-scale', report);
  console.log(report);
}
