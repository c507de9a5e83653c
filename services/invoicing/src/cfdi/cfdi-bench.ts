/**
 * Benchmark for `npm run bench`: build and seal N invoices (the demo school's colegiatura
 * and uniform, varying folio and amounts), write them, then validate all of them against
 * SAT's XSD with one xmllint run (the schema compiled once). Generating the CSD is not
 * timed. Needs xmllint (Debian libxml2-utils).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SCENARIOS, demoSchoolCsd, globalMonthInput } from './cfdi-fixtures.ts';
import { issueCfdi, issueGlobalCfdi } from './issue-cfdi.ts';
import { validateWithSatSchemas, writeValidationSchema } from './sat-tools.ts';

export interface CfdiBenchResult {
  invoices: number;
  buildAndSealMs: number;
  validateMs: number;
  /** Invoices built, sealed, written and validated per second, end to end. */
  invoicesPerSecond: number;
}

export async function benchCfdi(invoices = 500): Promise<CfdiBenchResult> {
  const csd = demoSchoolCsd();
  const dir = await mkdtemp(path.join(tmpdir(), 'cfdi-bench-'));
  try {
    const schema = await writeValidationSchema(dir);
    const template = SCENARIOS['colegiatura y uniforme'];
    const started = performance.now();
    const files: string[] = [];
    for (let i = 0; i < invoices; i++) {
      const issued = issueCfdi(
        {
          ...template,
          folio: String(10_000 + i),
          lines: template.lines.map((line, n) => ({
            ...line,
            amountCentavos: line.amountCentavos + ((i * 7919 + n * 104_729) % 50_000),
          })),
        },
        csd,
      );
      const file = path.join(dir, `${i}.xml`);
      await writeFile(file, issued.xml);
      files.push(file);
    }
    const built = performance.now();
    const { valid, report } = await validateWithSatSchemas(schema, files);
    const done = performance.now();
    if (valid.size !== invoices) {
      throw new Error(`${invoices - valid.size} facturas no validan con el XSD:\n${report}`);
    }
    return {
      invoices,
      buildAndSealMs: Math.round(built - started),
      validateMs: Math.round(done - built),
      invoicesPerSecond: Math.round((invoices * 1000) / (done - started)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface GlobalCfdiBenchResult {
  payments: number;
  concepts: number;
  xmlBytes: number;
  buildAndSealMs: number;
  validateMs: number;
  /** Payments built, sealed, written and validated per second, end to end. */
  paymentsPerSecond: number;
}

/**
 * One monthly global invoice holding `payments` payments (cfdi-fixtures' globalMonthInput):
 * built, sealed, written, then validated against SAT's XSD with xmllint. One core.
 */
export async function benchGlobalCfdi(payments = 50_000): Promise<GlobalCfdiBenchResult> {
  const csd = demoSchoolCsd();
  const input = globalMonthInput(payments);
  const dir = await mkdtemp(path.join(tmpdir(), 'cfdi-global-bench-'));
  try {
    const schema = await writeValidationSchema(dir);
    const started = performance.now();
    const issued = issueGlobalCfdi(input, csd);
    const file = path.join(dir, 'global.xml');
    await writeFile(file, issued.xml);
    const built = performance.now();
    const { valid, report } = await validateWithSatSchemas(schema, [file]);
    const done = performance.now();
    if (!valid.has(file)) throw new Error(`La factura global no valida con el XSD:\n${report}`);
    return {
      payments,
      concepts: issued.comprobante.Conceptos.length,
      xmlBytes: Buffer.byteLength(issued.xml),
      buildAndSealMs: Math.round(built - started),
      validateMs: Math.round(done - built),
      paymentsPerSecond: Math.round((payments * 1000) / (done - started)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
