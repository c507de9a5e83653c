import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createDatabase, type Database } from '../db/database';
import { claimed, onceOnRow } from './key-on-row';
import { requestHash } from './request-hash';
import { keyReusedError } from './same-request';

/**
 * The key-on-the-row form on the real PostgreSQL: a table keyed like payins (scope + key under
 * a unique index, the request's hash beside them) and a side effect each create writes first,
 * so a rolled-back loser is visible as a missing effect.
 */
let testDb: TestDatabase;
let db: Database<Record<string, never>>;
beforeAll(async () => {
  testDb = await createTestDatabase('key_on_row');
  db = createDatabase(testDb.url, {}, 12);
  await db.execute(sql`
    CREATE TABLE things (
      id serial PRIMARY KEY, scope text NOT NULL, key text NOT NULL,
      request_hash text NOT NULL, name text NOT NULL, UNIQUE (scope, key))`);
  await db.execute(sql`CREATE TABLE effects (key text NOT NULL)`);
});
afterAll(async () => {
  await db?.$client.end();
  await testDb?.drop();
});

/** A type, not an interface: drizzle's `execute<Row>` wants an index signature. */
type Thing = { id: number; name: string; requestHash: string };

const count = async (table: 'things' | 'effects', key: string) => {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE key = ${key}`,
  );
  return rows[0]!.n;
};

/** A create of `name` under `key`, as a payin's: the work, then the keyed insert, in one tx. */
function createThing(key: string, name: string, { holdMs = 0, fail = false } = {}) {
  const hash = requestHash({ name });
  return onceOnRow<Thing>({
    hash,
    find: async () => {
      const { rows } = await db.execute<Thing>(
        sql`SELECT id, name, request_hash AS "requestHash" FROM things
             WHERE scope = 'escuela' AND key = ${key}`,
      );
      return rows[0] ?? null;
    },
    create: () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO effects (key) VALUES (${key})`);
        const { rows } = await tx.execute<Thing>(
          sql`INSERT INTO things (scope, key, request_hash, name)
              VALUES ('escuela', ${key}, ${hash}, ${name})
              ON CONFLICT (scope, key) DO NOTHING
              RETURNING id, name, request_hash AS "requestHash"`,
        );
        const row = claimed(rows[0]);
        // Holds the key uncommitted, so the other creates wait on the unique index.
        if (holdMs) await tx.execute(sql`SELECT pg_sleep(${holdMs / 1000})`);
        if (fail) throw new Error('el banco no contestó');
        return row;
      }),
  });
}

test('a retry answers the row the key holds and does the work no second time', async () => {
  const first = await createThing('clave-uno', 'Ana');
  const again = await createThing('clave-uno', 'Ana');
  expect(first.replayed).toBe(false);
  expect(again).toEqual({ row: first.row, replayed: true });
  expect(await count('effects', 'clave-uno')).toBe(1);
});

test('ten creates with one key at once: one row, one effect, nine replays', async () => {
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => createThing('clave-diez', 'Bea', { holdMs: 200 })),
  );
  expect(new Set(answers.map((a) => a.row.id)).size).toBe(1);
  expect(answers.filter((a) => a.replayed)).toHaveLength(9);
  expect(await count('things', 'clave-diez')).toBe(1);
  // A loser's work (its effect) rolled back with its refused insert.
  expect(await count('effects', 'clave-diez')).toBe(1);
});

test('the same key with another request is the 422, and nothing is written', async () => {
  await createThing('clave-otra', 'Carla');
  await expect(createThing('clave-otra', 'Dora')).rejects.toThrow(keyReusedError());
  await expect(createThing('clave-otra', 'Dora')).rejects.toMatchObject({ status: 422 });
  expect(await count('things', 'clave-otra')).toBe(1);
  expect(await count('effects', 'clave-otra')).toBe(1);
});

test('a create that fails after its insert leaves the key free for the retry', async () => {
  await expect(createThing('clave-libre', 'Fina', { fail: true })).rejects.toThrow(
    'el banco no contestó',
  );
  expect(await count('things', 'clave-libre')).toBe(0);
  expect((await createThing('clave-libre', 'Fina')).replayed).toBe(false);
});

test("a key of the service's own refuses another request with its own error", async () => {
  const hash = requestHash({ name: 'Gala' });
  const held: Thing = { id: 1, name: 'Gala', requestHash: requestHash({ name: 'Otra' }) };
  await expect(
    onceOnRow<Thing>({
      hash,
      find: async () => held,
      create: () => Promise.reject(new Error('no debe correr')),
      refuse: () => new Error('La clave contable ya se usó'),
    }),
  ).rejects.toThrow('La clave contable ya se usó');
});
