import type { PpdReadsBenchResult } from '../../services/invoicing/src/bench/ppd-reads-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

/**
 * Issue 19's PPD reads: Facturas' «Por acreditar» of a page of PPD invoices and the month
 * close's CFDI part, over five schools invoiced at billing for ten months, beside reading
 * the same page in the same run. Invoicing's code in its own process on a throwaway database
 * (needs the build).
 */
export async function invoicingPpdScenario(): Promise<void> {
  const students = Number(process.env.BENCH_INVOICING_PPD_STUDENTS ?? 5_000);
  const r = await runBenchChild<PpdReadsBenchResult>(
    'invoicing',
    'services/invoicing/dist/invoicing-bench-main.cjs',
    { BENCH_INVOICING_PPD_STUDENTS: String(students) },
  );
  const fmt = (n: number) => n.toLocaleString('en-US');
  const ratio = (p95: number) => (p95 / r.baselinePage.p95Ms).toFixed(1);
  const row = (read: string, x: PpdReadsBenchResult['rooms']) =>
    `| ${read} | ${x.statements} | ${x.p50Ms} | **${x.p95Ms}** | ${ratio(x.p95Ms)} |`;
  const scans = Array.from(
    r.monthClosePlan.matchAll(/([A-Z][\w ]*?Index[\w ]*?Scan) on (\w+).*?rows=(\d+) loops/g),
    ([, kind, index, rows]) => `${kind} on \`${index}\` (${fmt(Number(rows))} rows)`,
  );
  const report = `## PPD invoices: Facturas' «Por acreditar» and the month close's CFDI

Command: \`npm run bench -- invoicing-ppd-reads\` (scenario infra/bench/invoicing-ppd-scenario.ts,
measuring services/invoicing/src/bench/ppd-reads-bench.ts), ${new Date().toISOString().slice(0, 10)}.
Five schools of ${fmt(r.studentsPerSchool)} students invoiced at billing (PPD) for ten months, each
invoice paid in one CFDI de pago or, for every other student, two: ${fmt(r.invoices)} rows.
${r.runs} calls of each read after 5 to warm up, invoicing's repositories, no HTTP. Baseline in
the same run: reading the ${r.page}-row page of PPD invoices itself.

| read | statements | p50, ms | p95, ms | p95 ÷ baseline p95 |
|---|---|---|---|---|
${row(`Facturas' ${r.page}-row page with «Por acreditar» (\`invoiceAnswersPage\`)`, r.rooms)}
${row('month close, CFDI of October of one school (`invoicingClose`)', r.monthClose)}
${row(`baseline: the ${r.page}-row page`, r.baselinePage)}

The month close's statement, by EXPLAIN ANALYZE: ${scans.join('; ') || '**no index scan**'}.`;
  writeSection('invoicing-ppd-reads', report);
  console.log(report);
}
