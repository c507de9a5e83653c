import { sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchCfdi, benchGlobalCfdi } from '../../services/invoicing/src/cfdi/cfdi-bench.ts';
import { SCENARIOS, demoSchoolCsd } from '../../services/invoicing/src/cfdi/cfdi-fixtures.ts';
import { issueCfdi } from '../../services/invoicing/src/cfdi/issue-cfdi.ts';
import { writeSection } from './benchmarks-doc.ts';

const TARGET_PER_SECOND = 500;

/**
 * Issue #8's CFDI target: invoices built, sealed (RSA-SHA256 with the school's CSD) and
 * validated against SAT's XSD per second on one core. The engine runs in this process and
 * xmllint after it, one at a time, so the rate is what one core does. Baseline in the same
 * run: the bare RSA-2048 signature of the same cadena original (the seal's own cost).
 */
export async function cfdiScenario(): Promise<void> {
  const invoices = Number(process.env.BENCH_CFDI_INVOICES ?? 2000);
  await benchCfdi(200); // warm-up: JIT, the schema's first compilation, file cache
  const engine = await benchCfdi(invoices);

  const csd = demoSchoolCsd();
  const { cadenaOriginal } = issueCfdi(SCENARIOS['colegiatura y uniforme'], csd);
  const cadena = Buffer.from(cadenaOriginal, 'utf8');
  const started = performance.now();
  for (let i = 0; i < invoices; i++) sign('sha256', cadena, csd.privateKey);
  const signaturesPerSecond = Math.round((invoices * 1000) / (performance.now() - started));

  const ratio = (engine.invoicesPerSecond / signaturesPerSecond).toFixed(2);
  const report = `## CFDI 4.0: build + seal + XSD check, invoices per second per core

Command: \`npm run bench\` (scenario infra/bench/cfdi-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
${invoices} invoices of the demo school's colegiatura (IEDU, exempt) and uniform (IVA 16 %),
folios and amounts varied, after a 200-invoice warm-up: \`buildComprobante\`, the cadena
original and the RSA-SHA256 Sello in TypeScript, each XML written to a file, then one
\`xmllint --schema\` run over all of them (cfdv40 + iedu + TFD, compiled once). Everything
runs one step after another, so the rate is one core's. Target: ${TARGET_PER_SECOND}/s.

| step | ms | per invoice ms |
|---|---|---|
| build + seal + write (Node) | ${engine.buildAndSealMs} | ${(engine.buildAndSealMs / invoices).toFixed(3)} |
| XSD validation (xmllint) | ${engine.validateMs} | ${(engine.validateMs / invoices).toFixed(3)} |
| baseline: one RSA-2048 signature of the same cadena | ${Math.round((invoices * 1000) / signaturesPerSecond)} | ${(1000 / signaturesPerSecond).toFixed(3)} |

Invoices per second per core: **${engine.invoicesPerSecond}** (target ${TARGET_PER_SECOND}: ${engine.invoicesPerSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'});
bare signatures per second: ${signaturesPerSecond}; ratio **${ratio}** (the seal alone bounds the rate).`;
  const globalReport = await globalInvoiceReport(engine.invoicesPerSecond);
  writeSection('cfdi', `${report}\n\n${globalReport}`);
  console.log(report, globalReport);
}

/**
 * Issue #19's global invoice: a month of BENCH_CFDI_GLOBAL_PAYMENTS (50,000) payments of
 * families without fiscal data in ONE CFDI, built, sealed, written and validated by xmllint;
 * payments per second per core beside the single invoices' rate of the same run.
 */
async function globalInvoiceReport(singlePerSecond: number): Promise<string> {
  const payments = Number(process.env.BENCH_CFDI_GLOBAL_PAYMENTS ?? 50_000);
  await benchGlobalCfdi(500); // warm-up
  const g = await benchGlobalCfdi(payments);
  return `## CFDI 4.0 global invoice (público en general): one month in one CFDI

${g.payments} payments (${g.concepts} concepts: one per payment and tax treatment), ${(g.xmlBytes / 1e6).toFixed(1)} MB of XML:
\`buildGlobalComprobante\`, cadena original and Sello, XML written, then \`xmllint --schema\`. One core.

| step | ms | per payment ms |
|---|---|---|
| build + seal + write (Node) | ${g.buildAndSealMs} | ${(g.buildAndSealMs / g.payments).toFixed(4)} |
| XSD validation (xmllint) | ${g.validateMs} | ${(g.validateMs / g.payments).toFixed(4)} |

Seconds for the month: **${((g.buildAndSealMs + g.validateMs) / 1000).toFixed(1)}**; payments per second per core:
**${g.paymentsPerSecond}** (single invoices in this run: ${singlePerSecond}/s/core).`;
}
