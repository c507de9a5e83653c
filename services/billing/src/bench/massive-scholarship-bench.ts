import { performance } from 'node:perf_hooks';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import type { BillingDb } from '../billing-db';
import { billingService } from '../billing-service';
import { startBillRun } from '../bill-runs/bill-run-job';
import { insertBulkJob, bulkJobOfSchool } from '../bulk-jobs/bulk-job-repository';
import { drainBulkJobs, RUNNER_DEFAULTS } from '../bulk-jobs/bulk-job-runner';
import { createConcept } from '../concepts/create-concept';
import * as schema from '../schema';
import { DEMO_PERIODS } from '../seed/demo-billing';
import { enrolStudents, schoolStudentIds, vacuumAnalyze } from './bench-data-repository';

const SCHOOL = '11111111-1111-4111-8111-111111111111';

export interface MassiveScholarshipBenchResult {
  students: number;
  /** Orders of each student already billed that the scholarship reaches (corrected each). */
  ordersPerStudent: number;
  status: string;
  seconds: number;
  studentsPerSecond: number;
}

/**
 * Issue 17's "massive scholarship for 10,000 students < 5 s": one job granting 10 % of a
 * concept to every student, run by the service's runner code (no HTTP), on a throwaway
 * database; `billedMonths` months are billed first, so each grant also corrects that many
 * orders per student (a trail entry each, sent in billing.orders.adjusted parts).
 */
export async function benchMassiveScholarship(
  students: number,
  billedMonths: number,
): Promise<MassiveScholarshipBenchResult> {
  const database = await createTestDatabase('billing_bench_jobs');
  const db = createDatabase(database.url, schema, 4) as BillingDb;
  try {
    await runMigrations(db, billingService.migrationsFolder);
    await enrolStudents(db, SCHOOL, students);
    const fee = await db.transaction((tx) =>
      createConcept(tx, {
        school_id: SCHOOL,
        name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        recurrence: 'MONTHLY',
        price_centavos: 485_000,
        level: 'elementary',
        late_fee: null,
        early_payment: null,
        periods: DEMO_PERIODS.slice(0, 10),
        due_day: 10,
      }),
    );
    for (const period of DEMO_PERIODS.slice(0, billedMonths))
      await db.transaction((tx) =>
        startBillRun(tx, { school_id: SCHOOL, concept_id: fee.id, period }, null, { inline: true }),
      );
    await vacuumAnalyze(db);
    const job = await insertBulkJob(db, {
      schoolId: SCHOOL,
      kind: 'scholarship',
      params: {
        kind: 'PERCENT',
        basis_points: 1_000,
        concept_id: fee.id,
        starts_on: '2026-08-01',
        reason: 'Beca de la mesa directiva',
      },
      studentIds: await schoolStudentIds(db, SCHOOL),
      createdBy: 'bench',
    });
    const started = performance.now();
    await drainBulkJobs(db, RUNNER_DEFAULTS);
    const seconds = (performance.now() - started) / 1000;
    const done = await bulkJobOfSchool(db, SCHOOL, job.id);
    return {
      students,
      ordersPerStudent: billedMonths,
      status: done.status,
      seconds: Math.round(seconds * 100) / 100,
      studentsPerSecond: Math.round(students / seconds),
    };
  } finally {
    await db.$client.end();
    await database.drop();
  }
}
