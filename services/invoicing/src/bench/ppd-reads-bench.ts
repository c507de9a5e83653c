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
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import { percentile } from '@cuota/testing/percentile';
import { creditableRooms } from '../credit-notes/credit-note-repository';
import type { InvoicingDb } from '../invoicing-db';
import { invoicingClose } from '../reports/month-close-report-repository';
import * as schema from '../schema';

const SCHOOLS = 5;
const STUDENTS = 5_000;
const MONTHS = 10;
const PAGE = 200;
const RUNS = 30;
// Run by tsx as an ES module: invoicing-service's INVOICING_MIGRATIONS needs the bundle's __dirname.
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

let statements = 0;
let last: { query: string; params: unknown[] } = { query: '', params: [] };

async function main(): Promise<void> {
  const database = await createTestDatabase('invoicing_ppd_bench');
  const db = drizzle(new pg.Pool({ connectionString: database.url, max: 10 }), {
    schema,
    logger: {
      logQuery: (query, params) => {
        statements += 1;
        last = { query, params };
      },
    },
  }) as unknown as InvoicingDb;
  try {
    await runMigrations(db, MIGRATIONS);
    await seed(db);
    const page = await db.query.invoices.findMany({
      where: (i, { and, eq, isNull }) =>
        and(eq(i.schoolId, 'school-1'), eq(i.document, 'invoice'), isNull(i.method)),
      limit: PAGE,
    });
    const rooms = await measure(() => creditableRooms(db, page));
    const close = await measure(() =>
      invoicingClose(db, { school_id: 'school-1', from: '2026-10-01', to: '2026-10-31' }),
    );
    const plan = await db.$client.query(`EXPLAIN (ANALYZE, BUFFERS) ${last.query}`, last.params);
    const { rows } = await db.$client.query('SELECT count(*)::int AS n FROM invoices');
    console.log(
      JSON.stringify({ invoices: rows[0].n, page: page.length, rooms, monthClose: close }, null, 2),
    );
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
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

/**
 * Each school: a stamped PPD invoice per student and month (the 1st of each month from
 * August 2026), paid in one CFDI de pago, or two installments for every other student.
 */
async function seed(db: InvoicingDb): Promise<void> {
  await db.$client.query(
    `INSERT INTO invoices (school_id, document, part, source_kind, source_id, student_id,
                           paid_at, lines, order_ids, total_centavos, status, uuid, stamped_at,
                           receptor_rfc, receptor_name)
     SELECT 'school-' || s, 'invoice', 'tuition', 'billing', 'bill-' || s || '-' || n || '-' || m,
            'student-' || n, day, '[]', ARRAY['order-' || s || '-' || n || '-' || m], 300000,
            'success', gen_random_uuid()::text, day + interval '9 hours',
            'COSC8001137NA', 'CARLOS ORTEGA SALAZAR'
       FROM generate_series(1, $1::int) s, generate_series(1, $2::int) n,
            generate_series(0, $3::int - 1) m,
            LATERAL (SELECT timestamptz '2026-08-01 06:00Z' + m * interval '1 month' AS day) d`,
    [SCHOOLS, STUDENTS, MONTHS],
  );
  await db.$client.query(
    `INSERT INTO invoices (school_id, document, related_invoice_id, part, source_kind, source_id,
                           student_id, method, paid_at, lines, order_ids, total_centavos,
                           installment, balance_before_centavos, status, uuid, stamped_at,
                           receptor_rfc, receptor_name)
     SELECT p.school_id, 'payment', p.id, 'tuition', 'payin', p.source_id || '-' || k,
            p.student_id, 'transfer', p.stamped_at + k * interval '3 days', '[]', p.order_ids,
            CASE WHEN parts = 1 THEN 300000 ELSE 150000 END, k,
            300000 - (k - 1) * 150000, 'success', gen_random_uuid()::text,
            p.stamped_at + k * interval '3 days', p.receptor_rfc, p.receptor_name
       FROM invoices p,
            LATERAL (SELECT CASE WHEN split_part(p.student_id, '-', 2)::int % 2 = 0
                                 THEN 2 ELSE 1 END AS parts) x,
            generate_series(1, parts) k
      WHERE p.document = 'invoice'`,
  );
  await db.$client.query('ANALYZE invoices');
}

void main();
