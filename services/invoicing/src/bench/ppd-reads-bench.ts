/**
 * By hand (docs/benchmarks.md, investigations): the reads that walk PPD invoices and stamp
 * dates, on one school of 5,000 students invoiced at billing for ten months (50,000 PPD
 * invoices, 75,000 CFDI de pago) beside four schools of the same size.
 *
 *   npx tsx services/invoicing/src/bench/ppd-reads-bench.ts
 *
 * - Facturas' «Por acreditar» of a 200-row page of PPD invoices (`creditableRooms`):
 *   statements run and milliseconds.
 * - The month close's CFDI part (`invoicingClose`) of one month: milliseconds.
 * Only the service's functions are called, so the same file measures any commit.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import { percentile } from '@cuota/testing/percentile';
import { creditableRooms } from '../credit-notes/credit-note-repository';
import { invoicingClose } from '../reports/month-close-report-repository';
import {
  countingDb,
  invoiceCount,
  planOf,
  ppdPage,
  seedPpd,
  type Statement,
} from './ppd-bench-repository';

const PAGE = 200;
const RUNS = 30;
// Run by tsx as an ES module: invoicing-service's INVOICING_MIGRATIONS needs the bundle's __dirname.
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

let statements = 0;
let last: Statement = { query: '', params: [] };

async function main(): Promise<void> {
  const database = await createTestDatabase('invoicing_ppd_bench');
  const db = countingDb(database.url, (statement) => {
    statements += 1;
    last = statement;
  });
  try {
    await runMigrations(db, MIGRATIONS);
    await seedPpd(db);
    const page = await ppdPage(db, PAGE);
    const rooms = await measure(() => creditableRooms(db, page));
    const close = await measure(() =>
      invoicingClose(db, { school_id: 'school-1', from: '2026-10-01', to: '2026-10-31' }),
    );
    const plan = await planOf(db, last);
    const invoices = await invoiceCount(db);
    console.log(JSON.stringify({ invoices, page: page.length, rooms, monthClose: close }, null, 2));
    console.log(plan);
  } finally {
    await db.$client.end();
    await database.drop();
  }
}

/** Median and p95 of RUNS calls after 5 to warm up, and the statements one call runs. */
async function measure(call: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await call();
  const ms: number[] = [];
  statements = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    statements: statements / RUNS,
    p50Ms: round(percentile(ms, 50)),
    p95Ms: round(percentile(ms, 95)),
  };
}

void main();
