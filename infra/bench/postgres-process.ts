import fs from 'node:fs';
import pg from 'pg';

/**
 * The PostgreSQL server's main process (the postmaster, every backend's parent) when it runs on
 * this machine, so that a bench can read what the server's processes spend (process-cpu.ts's
 * `treeCpuMs`); undefined when it runs elsewhere.
 */
export async function postmasterPid(databaseUrl: string): Promise<number | undefined> {
  // Read while the backend lives: once the connection closes its /proc entry goes.
  return onOneConnection(databaseUrl, async (client) => {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    try {
      const status = fs.readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8');
      return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) || undefined;
    } catch {
      return undefined;
    }
  });
}

/**
 * Gathers the planner's statistics on each database, as autovacuum does on a production server
 * once tables have changed. This machine's server runs with autovacuum off, so a database the
 * bench had just seeded had none, and every plan was costed on guesses (a row or so a table):
 * Adeudos' page joined the directory by school and filtered 2,939 rows to keep 25.
 */
export async function analyzeDatabases(urls: string[]): Promise<void> {
  for (const url of urls) await onOneConnection(url, (client) => client.query('ANALYZE'));
}

/** `work` on a connection of its own to `url`, closed after. */
async function onOneConnection<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
