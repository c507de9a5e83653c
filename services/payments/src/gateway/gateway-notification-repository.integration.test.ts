import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import {
  recordNotification,
  recordNotificationAmongOthers,
} from './gateway-notification-repository';
import type { GatewaySale } from './kushki-shapes';

let testDb: TestDatabase, db: Database<Record<string, unknown>>;
/** The notices' INSERTs `db` ran. */
let inserts = 0;

beforeAll(async () => {
  testDb = await createTestDatabase('gateway_notifications');
  db = drizzle(new pg.Pool({ connectionString: testDb.url }), {
    logger: {
      logQuery: (query) => {
        if (query.includes('INSERT INTO "gateway_notifications"')) inserts += 1;
      },
    },
  }) as Database<Record<string, unknown>>;
  await runMigrations(db, path.join(__dirname, '..', '..', 'drizzle'));
});
afterAll(async () => {
  await db.$client.end();
  await testDb.drop();
});

const sale = (ticket: number) =>
  ({ ticketNumber: `T-${ticket}`, status: 'APPROVAL' }) as unknown as GatewaySale;
const notice = (ticket: number) => ({
  publicMerchantId: 'merchant-1',
  ticketNumber: `T-${ticket}`,
  transactionType: 'SALE',
  transactionStatus: 'APPROVAL',
  payinId: null,
  pendingSale: sale(ticket),
});

test('deliveries arriving together are recorded in one statement, each ticket once', async () => {
  inserts = 0;
  // Ten tickets, each delivered twice, all at once: the first alone, the rest together.
  const tickets = Array.from({ length: 20 }, (_, i) => i % 10);
  const fresh = await Promise.all(tickets.map((t) => recordNotificationAmongOthers(db, notice(t))));
  expect(inserts).toBe(2);
  expect(fresh.filter(Boolean)).toHaveLength(10);
  expect(new Set(tickets.filter((_, i) => fresh[i]))).toEqual(new Set(tickets));
  const { rows } = await db.$client.query(
    'SELECT ticket_number, pending_sale FROM gateway_notifications ORDER BY id',
  );
  expect(rows).toHaveLength(10);
  expect(rows[0].pending_sale).toEqual(sale(Number(rows[0].ticket_number.slice(2))));
  // A later delivery of one of them, alone or in a transaction, records nothing.
  expect(await recordNotificationAmongOthers(db, notice(3))).toBe(false);
  expect(await db.transaction((tx) => recordNotification(tx, notice(4)))).toBe(false);
  expect(await recordNotification(db, { ...notice(11), pendingSale: undefined })).toBe(true);
  const { rows: last } = await db.$client.query(
    "SELECT pending_sale FROM gateway_notifications WHERE ticket_number = 'T-11'",
  );
  expect(last).toEqual([{ pending_sale: null }]);
});
