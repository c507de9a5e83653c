import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { percentiles, timed } from '@cuota/testing/timed';
import { createTestDatabase } from '@cuota/testing/test-database';
import type { BillingDb } from '../billing-db';
import { billRunAnswer, startBillRun } from '../bill-runs/bill-run-job';
import { billRunById } from '../bill-runs/bill-run-repository';
import { drainBulkJobs, RUNNER_DEFAULTS } from '../bulk-jobs/bulk-job-runner';
import { createConcept } from '../concepts/create-concept';
import { buildDueAggregates } from '../due-orders/due-aggregate-builder';
import { dueOrderFacets } from '../due-orders/due-facet-repository';
import { dueOrderStudent } from '../due-orders/due-order-repository';
import { dueOrdersPageJson } from '../due-orders/due-orders-page';
import { ordersOfStudent } from '../orders/order-repository';
import { toOrder } from '../orders/order-view';
import * as schema from '../schema';
import { DEMO_PERIODS } from '../seed/demo-billing';
import {
  deleteOrdersOf,
  enrolStudents,
  orderCount,
  randomStudents,
  rawInsert,
  vacuumAnalyze,
} from './bench-data-repository';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
const TODAY = '2027-03-01';
/** Ten months of the demo cycle: August 2026 to May 2027. */
const PERIODS = DEMO_PERIODS.slice(0, 10);

export interface BillingBenchResult {
  students: number;
  /** Through the job path (ADR 0046): created PENDING, then the runner's chunks, each committed with its progress. */
  billRunSeconds: number;
  /** Chunks the job committed: the progress updates a watcher sees. */
  progressUpdates: number;
  rawInsertSeconds: number;
  /** Billing's rate as a share of raw PostgreSQL's (1 = as fast). */
  rateRatio: number;
  orders: number;
  detailP50Ms: number;
  detailP95Ms: number;
  /** Before the builder ran: the first page and the filters summed from the base tables. */
  unbuiltPageMs: number;
  unbuiltFiltersMs: number;
  /** Billing's builder after the bill runs: the numbering by name and the filters' build. */
  builderSeconds: number;
  pages: PagePosition[];
  filtersP50Ms: number;
  filtersP95Ms: number;
}

/** Adeudos' list by name at one page position: billing's read, and OFFSET's in the same run. */
export interface PagePosition {
  position: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  baselineP50Ms: number;
  baselineP95Ms: number;
}

const msOf = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const seconds = async (work: () => Promise<unknown>) => Math.round((await msOf(work)) / 10) / 100;

export const monthly = (name: string) => ({
  school_id: SCHOOL,
  name,
  concept_type: 'MONTHLY_FEE' as const,
  recurrence: 'MONTHLY' as const,
  price_centavos: 485_000,
  level: 'elementary' as const,
  late_fee: { kind: 'PERCENT' as const, basis_points: 300, grace_days: 5, cap_centavos: 45_000 },
  early_payment: null,
  periods: PERIODS,
  due_day: 10,
});

/** The i-th of pages visited in a scattered, repeatable order. */
const spreadOver = (pages: number) => (i: number) => ((i * 7919) % pages) + 1;

type Read = (page: number, byOffset?: boolean) => Promise<unknown>;
interface Position {
  position: string;
  samples: number;
  page: (i: number) => number;
}

/**
 * The page positions read in turns (one read of each, then the next round), billing's read and
 * OFFSET's baseline beside it: no position is measured alone in the seconds after the builder
 * rewrote the numbering, when the first reads pay for a cold cache and the old numbering's dead
 * index entries (what made the first page, measured first, look slower than the others).
 */
async function pagesInTurns(positions: Position[], read: Read): Promise<PagePosition[]> {
  const ours = positions.map((): number[] => []);
  const baseline = positions.map((): number[] => []);
  const rounds = Math.max(...positions.map((p) => p.samples));
  for (let i = 0; i < rounds; i += 1)
    for (const [k, { samples, page }] of positions.entries()) {
      if (i >= samples) continue;
      ours[k]!.push(await msOf(() => read(page(i))));
      baseline[k]!.push(await msOf(() => read(page(i), true)));
    }
  return positions.map(({ position, samples }, k) => {
    const o = percentiles(ours[k]!);
    const b = percentiles(baseline[k]!);
    return {
      position,
      samples,
      p50Ms: o.p50,
      p95Ms: o.p95,
      baselineP50Ms: b.p50,
      baselineP95Ms: b.p95,
    };
  });
}

/**
 * Issue #8's billing targets on a throwaway database: a bill run for `students` students
 * beside a raw INSERT … SELECT of the same rows, then the due-orders reads over ten months
 * of orders for every student (1,000,000 with 100,000 students).
 */
export async function benchBilling(students: number): Promise<BillingBenchResult> {
  const database = await createTestDatabase('billing_bench');
  const db = createDatabase(database.url, schema, 4) as BillingDb;
  try {
    await runMigrations(db, path.resolve(__dirname, '../drizzle'));
    await enrolStudents(db, SCHOOL, students);
    await vacuumAnalyze(db);
    const raw = await db.transaction((tx) => createConcept(tx, monthly('Cuota de referencia')));
    const fee = await db.transaction((tx) => createConcept(tx, monthly('Colegiatura')));
    // The endpoint's path: the job is created, then the runner goes through it chunk by chunk.
    const bill = async (period: string) => {
      const input = { school_id: SCHOOL, concept_id: fee.id, period };
      const run = await db.transaction((tx) => startBillRun(tx, input, null));
      await drainBulkJobs(db);
      return billRunAnswer(db, await billRunById(db, run.id));
    };

    const rawInsertSeconds = await seconds(() => rawInsert(db, SCHOOL, raw.id, PERIODS[0]!));
    await deleteOrdersOf(db, raw.id);
    await vacuumAnalyze(db);
    const billRunSeconds = await seconds(() => bill(PERIODS[0]!));
    for (const period of PERIODS.slice(1)) await bill(period);
    await vacuumAnalyze(db);

    const sample = await randomStudents(db, 200);
    const detail = await timed(sample.length, async (i) => {
      const id = sample[i]!;
      await dueOrderStudent(db, SCHOOL, TODAY, id);
      (await ordersOfStudent(db, id)).map((o) => toOrder(o, TODAY));
    });
    const pages = Math.ceil(students / 25);
    const read = (page: number, byOffset = false) =>
      dueOrdersPageJson(
        db,
        SCHOOL,
        TODAY,
        { page, page_size: 25, ordering: 'last_name' },
        { byOffset },
      );
    const unbuiltPageMs = (await seconds(() => read(1))) * 1000;
    const unbuiltFiltersMs = (await seconds(() => dueOrderFacets(db, SCHOOL, TODAY))) * 1000;
    const builderSeconds = await seconds(() => buildDueAggregates(db, TODAY));
    const positions = [
      { position: 'first page', samples: 20, page: () => 1 },
      { position: 'middle page', samples: 20, page: () => Math.ceil(pages / 2) },
      { position: 'last page', samples: 20, page: () => pages },
      { position: '100 pages spread over the school', samples: 100, page: spreadOver(pages) },
    ];
    const measured = await pagesInTurns(positions, read);
    const filters = await timed(50, () => dueOrderFacets(db, SCHOOL, TODAY));
    const n = await orderCount(db);
    return {
      students,
      billRunSeconds,
      progressUpdates: Math.ceil(students / RUNNER_DEFAULTS.billRunChunkSize),
      rawInsertSeconds,
      rateRatio: Math.round((rawInsertSeconds / billRunSeconds) * 100) / 100,
      orders: n,
      detailP50Ms: detail.p50,
      detailP95Ms: detail.p95,
      unbuiltPageMs: Math.round(unbuiltPageMs),
      unbuiltFiltersMs: Math.round(unbuiltFiltersMs),
      builderSeconds,
      pages: measured,
      filtersP50Ms: filters.p50,
      filtersP95Ms: filters.p95,
    };
  } finally {
    await db.$client.end();
    await database.drop();
  }
}
