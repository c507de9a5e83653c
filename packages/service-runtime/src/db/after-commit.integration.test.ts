import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { afterCommit, afterCommitOrNow } from './after-commit';
import { createDatabase, type Database } from './database';

/**
 * Every transaction of a service's database (createDatabase) runs what its work left for
 * after its commit, once, and only when it committed: what the outbox relay's wake-up needs.
 */
let testDb: TestDatabase;
let db: Database<Record<string, never>>;
beforeAll(async () => {
  testDb = await createTestDatabase('after_commit');
  db = createDatabase(testDb.url, {}, 2);
  await db.execute(sql`CREATE TABLE marks (n int NOT NULL)`);
});
afterAll(async () => {
  await db?.$client.end();
  await testDb?.drop();
});

/** The marks another connection sees committed. */
async function committedMarks(): Promise<number> {
  const { rows } = await db.$client.query('SELECT count(*)::int AS n FROM marks');
  return rows[0].n;
}

test('runs once after the commit, with the database, and sees what was committed', async () => {
  const seen: Promise<number>[] = [];
  const givenDbs: object[] = [];
  const run = (given: object) => {
    givenDbs.push(given);
    seen.push(committedMarks());
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO marks VALUES (1)`);
    expect(afterCommit(tx, run)).toBe(true);
    expect(afterCommit(tx, run)).toBe(true);
    // A savepoint's registration joins its transaction's (and dedupes with it).
    await tx.transaction(async (sp) => expect(afterCommit(sp, run)).toBe(true));
    expect(seen).toHaveLength(0);
  });
  expect(givenDbs).toEqual([db]);
  expect(await Promise.all(seen)).toEqual([1]);
});

test('a rolled-back transaction runs nothing', async () => {
  const run = jest.fn();
  await expect(
    db.transaction(async (tx) => {
      afterCommit(tx, run);
      throw new Error('cambio de opinión');
    }),
  ).rejects.toThrow('cambio de opinión');
  expect(run).not.toHaveBeenCalled();
});

test('outside a transaction nothing is deferred: the caller acts at once', () => {
  expect(afterCommit(db, jest.fn())).toBe(false);
});

test("the database's own statements have committed: afterCommitOrNow runs the work at once", () => {
  const run = jest.fn();
  expect(afterCommitOrNow(db, run)).toBe(true);
  expect(run).toHaveBeenCalledWith(db);
  expect(afterCommitOrNow({}, run)).toBe(false); // not a database of createDatabase
  expect(run).toHaveBeenCalledTimes(1);
});
