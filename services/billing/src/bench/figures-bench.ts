import os from 'node:os';
import path from 'node:path';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import { timed } from '@cuota/testing/timed';
import type { BillingDb } from '../billing-db';
import { startBillRun } from '../bill-runs/bill-run-job';
import { drainBulkJobs } from '../bulk-jobs/bulk-job-runner';
import { createConcept } from '../concepts/create-concept';
import { delinquencyReport } from '../delinquency/delinquency-report';
import { monthFigures } from '../figures/month-figures-handlers';
import {
  appliedInMonth,
  billedByConceptAndLevel,
  owedAtClose,
} from '../reports/month-close-report-repository';
import * as schema from '../schema';
import { enrolStudents, orderCount, vacuumAnalyze } from './bench-data-repository';
import { monthly } from './billing-bench';
import { payMostDueOrders, sumOfSchoolOrders } from './figures-bench-repository';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
/** Seven of the cycle's ten months have fallen due. */
const TODAY = '2027-03-01';
const MONTH = '2027-02';
const SAMPLES = 100;

export interface FiguresRead {
  read: string;
  p50Ms: number;
  p95Ms: number;
  /** p95 over the baseline's p95 in the same run. */
  ratio: number;
}

export interface FiguresBenchResult {
  students: number;
  orders: number;
  baselineP50Ms: number;
  baselineP95Ms: number;
  reads: FiguresRead[];
  /** The machine's 1-minute load average when the reads ended (2 cores, shared). */
  loadAverage: number;
}

/**
 * Inicio's billing figures and the month close's billing part (issue 23: < 100 ms p95 at
 * 5,000 students with a full cycle) on a throwaway database: ten months billed through the
 * bill-run job, most of what fell due paid, then each read `SAMPLES` times beside one pass
 * over the school's orders.
 */
export async function benchFigures(students: number): Promise<FiguresBenchResult> {
  const database = await createTestDatabase('billing_figures_bench');
  const db = createDatabase(database.url, schema, 4) as BillingDb;
  try {
    await runMigrations(db, path.resolve(__dirname, '../drizzle'));
    await enrolStudents(db, SCHOOL, students);
    const fee = await db.transaction((tx) => createConcept(tx, monthly('Colegiatura')));
    for (const period of fee.periods ?? []) {
      const input = { school_id: SCHOOL, concept_id: fee.id, period };
      await db.transaction((tx) => startBillRun(tx, input, null));
      await drainBulkJobs(db);
    }
    await payMostDueOrders(db, TODAY, 8);
    await vacuumAnalyze(db);
    const ctx = { db, today: () => TODAY };
    const close = { schoolId: SCHOOL, from: `${MONTH}-01`, to: `${MONTH}-28`, asOf: `${MONTH}-28` };
    const baseline = await timed(SAMPLES, () => sumOfSchoolOrders(db, SCHOOL));
    const reads: [string, () => Promise<unknown>][] = [
      [
        'Inicio: billing_figures (billed by level, not due, top 5 families)',
        () => monthFigures(ctx, SCHOOL, MONTH),
      ],
      [
        'Inicio: delinquency (past due by age, late fees as of today)',
        () => delinquencyReport(db, SCHOOL, TODAY),
      ],
      [
        "Month close: billing's part (billed, applied, owed at the close)",
        () =>
          Promise.all([
            billedByConceptAndLevel(db, close),
            appliedInMonth(db, close),
            owedAtClose(db, close),
          ]),
      ],
    ];
    const measured: FiguresRead[] = [];
    for (const [read, work] of reads) {
      const t = await timed(SAMPLES, work);
      measured.push({
        read,
        p50Ms: t.p50,
        p95Ms: t.p95,
        ratio: Math.round((t.p95 / baseline.p95) * 10) / 10,
      });
    }
    return {
      students,
      orders: await orderCount(db),
      baselineP50Ms: baseline.p50,
      baselineP95Ms: baseline.p95,
      reads: measured,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  } finally {
    await db.$client.end();
    await database.drop();
  }
}
