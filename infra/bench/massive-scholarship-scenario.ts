import type { MassiveScholarshipBenchResult } from '../../services/billing/src/bench/massive-scholarship-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

/**
 * Issue 17's "massive scholarship for 10,000 students < 5 s" (ADR 0040): the job run by the
 * service's runner code, with no orders billed yet and with one and ten months billed (each
 * reached order is then corrected: a trail entry each, in billing.orders.adjusted parts).
 */
export async function massiveScholarshipScenario(): Promise<void> {
  const students = Number(process.env.BENCH_MASSIVE_STUDENTS ?? 10_000);
  const rows: MassiveScholarshipBenchResult[] = [];
  for (const months of [0, 1, 10])
    rows.push(
      await runBenchChild<MassiveScholarshipBenchResult>(
        'billing',
        'services/billing/dist/billing-bench-main.cjs',
        {
          BENCH_BILLING_JOB: 'massive-scholarship',
          BENCH_BILLING_STUDENTS: String(students),
          BENCH_BILLED_MONTHS: String(months),
        },
      ),
    );
  const fmt = (n: number) => n.toLocaleString('en-US');
  const report = `## Massive scholarship for ${fmt(students)} students

Command: \`npm run bench\` (scenario infra/bench/massive-scholarship-scenario.ts, measuring
services/billing/src/bench/massive-scholarship-bench.ts), ${new Date().toISOString().slice(0, 10)}.
One job granting 10 % of a monthly concept to every student of the school, from creation to
its final status, in chunks of 1,000 students (issue 17: < 5 s).

| orders already billed per student | status | s | students/s |
|---|---|---|---|
${rows.map((r) => `| ${r.ordersPerStudent} | ${r.status} | **${r.seconds}** | ${fmt(r.studentsPerSecond)} |`).join('\n')}`;
  writeSection('billing-massive-scholarship', report);
  console.log(report);
}
