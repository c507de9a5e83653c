// The PPD reads bench's own data (ppd-reads-bench.ts): a database that counts its statements,
// its seed, and the reads the bench reports beside its timings.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { InvoicingDb } from '../invoicing-db';
import * as schema from '../schema';

const SCHOOLS = 5;
const MONTHS = 10;

export type Statement = { query: string; params: unknown[] };

/** A database on `url` that tells `onQuery` of every statement it runs. */
export function countingDb(url: string, onQuery: (statement: Statement) => void): InvoicingDb {
  return drizzle(new pg.Pool({ connectionString: url, max: 10 }), {
    schema,
    logger: { logQuery: (query, params) => onQuery({ query, params }) },
  }) as unknown as InvoicingDb;
}

/** A page of school-1's PPD invoices, as Facturas shows them. */
export const ppdPage = (db: InvoicingDb, size: number) =>
  db.query.invoices.findMany({
    where: (i, { and, eq, isNull }) =>
      and(eq(i.schoolId, 'school-1'), eq(i.document, 'invoice'), isNull(i.method)),
    limit: size,
  });

/** PostgreSQL's plan of a statement, run. */
export async function planOf(db: InvoicingDb, { query, params }: Statement): Promise<string> {
  const plan = await db.$client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
}

export async function invoiceCount(db: InvoicingDb): Promise<number> {
  const { rows } = await db.$client.query('SELECT count(*)::int AS n FROM invoices');
  return rows[0].n;
}

/**
 * Each school: a stamped PPD invoice per student and month (the 1st of each month from
 * August 2026), paid in one CFDI de pago, or two installments for every other student.
 */
export async function seedPpd(db: InvoicingDb, students: number): Promise<void> {
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
    [SCHOOLS, students, MONTHS],
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
