import { performance } from 'node:perf_hooks';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import type { BillingDb } from '../billing-db';
import { billingService } from '../billing-service';
import * as schema from '../schema';
import { insertItem } from '../store/catalogue-repository';
import { reserve } from '../store/reservation-repository';
import { checkStock } from '../store/stock-check-repository';
import { moveStock } from '../store/stock-repository';

const SCHOOL = '11111111-1111-4111-8111-111111111111';

export interface StoreReservationRound {
  case: string;
  buyers: number;
  units: number;
  reserved: number;
  seconds: number;
  perBuyerMs: number;
}
export interface StoreReservationBenchResult {
  rounds: StoreReservationRound[];
}

async function variantWith(db: BillingDb, units: number) {
  return db.transaction(async (tx) => {
    const item = await insertItem(tx, SCHOOL, {
      name: `Playera ${units}`,
      description: '',
      category_id: null,
      price_centavos: 28_000,
      tax: 'IVA_16',
      sat_product_key: null,
      visible: true,
      variants: [{}],
    });
    const variant_id = item.variants[0]!.id;
    await moveStock(
      tx,
      SCHOOL,
      { variant_id, kind: 'SET_FIRST_TIME', quantity: units, note: '' },
      null,
    );
    return variant_id;
  });
}

async function timed(
  name: string,
  buyers: number,
  units: number,
  one: (i: number) => Promise<boolean>,
) {
  const started = performance.now();
  const outcomes = await Promise.all(Array.from({ length: buyers }, (_, i) => one(i)));
  const seconds = (performance.now() - started) / 1000;
  return {
    case: name,
    buyers,
    units,
    reserved: outcomes.filter(Boolean).length,
    seconds: Math.round(seconds * 1000) / 1000,
    perBuyerMs: Math.round((seconds * 1000 * 100) / buyers) / 100,
  };
}

/**
 * Issue 21's "200 concurrent buyers of the last 10 items sell exactly 10": the reservation
 * code (no HTTP, no NATS) on a throwaway database with the service's pool size, beside the
 * same buyers only checking stock (the baseline read) and all buyers finding stock.
 */
export async function benchStoreReservation(buyers: number): Promise<StoreReservationBenchResult> {
  const database = await createTestDatabase('billing_bench_store');
  const db = createDatabase(database.url, schema, 10) as BillingDb;
  try {
    await runMigrations(db, billingService.migrationsFolder);
    const last10 = await variantWith(db, 10);
    const plenty = await variantWith(db, buyers);
    const line = (variant_id: string) => [{ variant_id, quantity: 1 }];
    const buy = (variant_id: string, prefix: string) => async (i: number) =>
      (
        await reserve(db, {
          schoolId: SCHOOL,
          checkoutRef: `${prefix}-${i}`,
          guardianId: null,
          studentId: null,
          buyerEmail: null,
          lines: line(variant_id),
        })
      ).reserved;
    const rounds = [
      await timed(
        'validate_stock (baseline read)',
        buyers,
        10,
        async () => (await checkStock(db, SCHOOL, line(last10))).ok,
      ),
      await timed('reserve, last 10 units', buyers, 10, buy(last10, 'last')),
      await timed('reserve, enough for all', buyers, buyers, buy(plenty, 'all')),
    ];
    return { rounds };
  } finally {
    await db.$client.end();
    await database.drop();
  }
}
