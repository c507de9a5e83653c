import os from 'node:os';
import path from 'node:path';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import { timed } from '@cuota/testing/timed';
import { paidByDay, reversedByDay, type DayRange } from '../figures/figures-repository';
import { collectionsOf } from '../figures/figures-rules';
import { paymentsClose } from '../figures/month-close-report-responder';
import type { PaymentsDb } from '../payments-db';
import * as schema from '../schema';
import {
  enrolStudents,
  payCycle,
  payinCount,
  sumOfSchoolPayins,
  vacuumAnalyze,
} from './figures-bench-repository';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
/** Seven of the cycle's ten months have fallen due (billing's figures bench: the same). */
const TODAY = '2027-03-01';
const PAID_MONTHS = ['2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02'];
const SAMPLES = 100;

export interface PaymentsFiguresBenchResult {
  students: number;
  payins: number;
  baselineP50Ms: number;
  baselineP95Ms: number;
  reads: { read: string; p50Ms: number; p95Ms: number; ratio: number }[];
  /** The machine's 1-minute load average when the reads ended (2 cores, shared). */
  loadAverage: number;
}

/** What GET …/collections/ answers for a range (its handler without HTTP). */
async function collectionsFor(db: PaymentsDb, r: DayRange) {
  const [paid, reversed] = await Promise.all([paidByDay(db, r), reversedByDay(db, r)]);
  return collectionsOf({ from: r.from, to: r.to }, paid, reversed);
}

/**
 * Payments' side of Inicio and the month close (issue 23: < 100 ms p95 at 5,000 students with
 * a full cycle) on a throwaway database: seven months of payins, then each of Inicio's
 * collections ranges and the close's payments part `SAMPLES` times, beside one pass over the
 * school's payins.
 */
export async function benchPaymentsFigures(students: number): Promise<PaymentsFiguresBenchResult> {
  const database = await createTestDatabase('payments_figures_bench');
  const db = createDatabase(database.url, schema, 4) as PaymentsDb;
  try {
    await runMigrations(db, path.resolve(__dirname, '../drizzle'));
    await enrolStudents(db, SCHOOL, students);
    await payCycle(db, SCHOOL, PAID_MONTHS, 8);
    await vacuumAnalyze(db);
    const range = (from: string, to: string) => ({ schoolId: SCHOOL, from, to });
    const baseline = await timed(SAMPLES, () => sumOfSchoolPayins(db, SCHOOL));
    const reads: [string, () => Promise<unknown>][] = [
      ['Inicio: collections today', () => collectionsFor(db, range(TODAY, TODAY))],
      [
        'Inicio: collections last month (the daily chart)',
        () => collectionsFor(db, range('2027-02-01', '2027-02-28')),
      ],
      [
        'Inicio: collections this cycle (August to today)',
        () => collectionsFor(db, range('2026-08-01', TODAY)),
      ],
      [
        "Month close: payments' part (by method, reversals)",
        () => paymentsClose(db, { school_id: SCHOOL, from: '2027-02-01', to: '2027-02-28' }),
      ],
    ];
    const measured = [];
    for (const [read, work] of reads) {
      const t = await timed(SAMPLES, work);
      const ratio = Math.round((t.p95 / baseline.p95) * 10) / 10;
      measured.push({ read, p50Ms: t.p50, p95Ms: t.p95, ratio });
    }
    return {
      students,
      payins: await payinCount(db),
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
