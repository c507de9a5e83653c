import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { runningAfterCommit } from './after-commit';

export type Database<S extends Record<string, unknown>> = NodePgDatabase<S> & { $client: pg.Pool };

export function createDatabase<S extends Record<string, unknown>>(
  url: string,
  schema: S,
  max = 10,
) {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client dropped by the server (restart, failover, DROP … FORCE) must not crash
  // the process: the pool discards it and the next query opens a fresh connection.
  pool.on('error', () => {});
  // Its transactions run what they leave for after their commit (the outbox relay's wake-up).
  return runningAfterCommit(drizzle(pool, { schema }) as Database<S>);
}

/** Creates the service's database on first run: each service owns exactly one. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`).catch(ignoreDuplicateDatabase);
  } finally {
    await client.end();
  }
}

function ignoreDuplicateDatabase(err: { code?: string }) {
  if (err.code !== '42P04' && err.code !== '23505') throw err;
}

export async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function runMigrations(
  db: Database<Record<string, unknown>>,
  migrationsFolder: string,
) {
  await migrate(db, { migrationsFolder });
}
