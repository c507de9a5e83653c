import fs from 'node:fs';
import pg from 'pg';

/**
 * The PostgreSQL server's main process (the postmaster, every backend's parent) when it runs on
 * this machine, so that a bench can read what the server's processes spend (process-cpu.ts's
 * `treeCpuMs`); undefined when it runs elsewhere.
 */
export async function postmasterPid(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const status = fs.readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8');
    return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) || undefined;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

/**
 * Gathers the planner's statistics on each database, as autovacuum does on a production server
 * once tables have changed. This machine's server runs with autovacuum off, so a database the
 * bench had just seeded had none, and every plan was costed on guesses (a row or so a table):
 * Adeudos' page joined the directory by school and filtered 2,939 rows to keep 25.
 */
export async function analyzeDatabases(urls: string[]): Promise<void> {
  for (const url of urls) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('ANALYZE');
    } finally {
      await client.end();
    }
  }
}
