import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { waitFor } from '@cuota/testing/wait-for';
import { createLogger } from '../logging/logger';
import { createDatabase, type Database } from './database';
import { NotificationListener } from './notification-listener';

let testDb: TestDatabase;
let db: Database<Record<string, never>>;
const listeners: NotificationListener[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase('notification_listener');
  db = createDatabase(testDb.url, {}, 1);
});
afterAll(async () => {
  for (const l of listeners) l.stop();
  await db?.$client.end();
  await testDb?.drop();
});

test('listeners hold connections of their own: a pool of one still answers, and they hear', async () => {
  const heard = new Map<string, number>();
  for (const channel of ['first_due', 'second_due', 'third_due']) {
    const listener = new NotificationListener({
      db,
      channel,
      onNotify: () => heard.set(channel, (heard.get(channel) ?? 0) + 1),
      logger: createLogger('test', 'silent'),
      retryMs: 50,
    });
    listeners.push(listener);
    listener.start();
  }
  // Each listener calls onNotify once it listens (anything committed before it did).
  await waitFor(() => heard.size === 3);
  // With the listeners in the pool this waited for ever: its only connection was a LISTEN's.
  const [row] = (await db.execute(sql`SELECT 1 AS one`)).rows;
  expect(row).toEqual({ one: 1 });
  await db.execute(sql`SELECT pg_notify('second_due', '')`);
  await waitFor(() => heard.get('second_due') === 2);
  expect(heard.get('first_due')).toBe(1);
});
