/**
 * The reads that walk PPD invoices and stamp dates (`npm run bench -- invoicing-ppd-reads`,
 * infra/bench/invoicing-ppd-scenario.ts), on one school of `students` invoiced at billing for
 * ten months (a PPD invoice per student and month, 1.5 CFDI de pago each) beside four
 * schools of the same size:
 * - Facturas' 200-row page of one school, «Por acreditar» of its PPD invoices included
 *   (`invoiceAnswersPage`, ADR 0125): statements run and milliseconds;
 * - the month close's CFDI part (`invoicingClose`) of one month: milliseconds;
 * - baseline in the same run: reading that 200-row page itself (one indexed statement).
 * Only the service's functions are called, so the same file measures any commit.
 */
import path from 'node:path';
import { runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import { timed } from '@cuota/testing/timed';
import { invoiceAnswersPage } from '../invoices/invoice-answer-repository';
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
const WARM_UP = 5;

export interface PpdReadsBenchResult {
  studentsPerSchool: number;
  invoices: number;
  page: number;
  runs: number;
  rooms: Read;
  monthClose: Read;
  baselinePage: Read;
  /** PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of the month close's last statement. */
  monthClosePlan: string;
}

interface Read {
  statements: number;
  p50Ms: number;
  p95Ms: number;
}

export async function benchPpdReads(studentsPerSchool: number): Promise<PpdReadsBenchResult> {
  const database = await createTestDatabase('invoicing_ppd_bench');
  let statements = 0;
  let last: Statement = { query: '', params: [] };
  const db = countingDb(database.url, (statement) => {
    statements += 1;
    last = statement;
  });
  /** p50 and p95 of RUNS calls after WARM_UP, and the statements one call runs. */
  const measure = async (call: () => Promise<unknown>): Promise<Read> => {
    for (let i = 0; i < WARM_UP; i++) await call();
    statements = 0;
    const { p50, p95 } = await timed(RUNS, call);
    return { statements: statements / RUNS, p50Ms: p50, p95Ms: p95 };
  };
  try {
    await runMigrations(db, path.resolve(__dirname, '../drizzle'));
    await seedPpd(db, studentsPerSchool);
    const page = await ppdPage(db, PAGE);
    const baselinePage = await measure(() => ppdPage(db, PAGE));
    const rooms = await measure(() =>
      invoiceAnswersPage(db, 'school-1', { page: 1, pageSize: PAGE }),
    );
    const month = { school_id: 'school-1', from: '2026-10-01', to: '2026-10-31' };
    const monthClose = await measure(() => invoicingClose(db, month));
    const monthClosePlan = await planOf(db, last);
    return {
      studentsPerSchool,
      invoices: await invoiceCount(db),
      page: page.length,
      runs: RUNS,
      rooms,
      monthClose,
      baselinePage,
      monthClosePlan,
    };
  } finally {
    await db.$client.end();
    await database.drop();
  }
}
