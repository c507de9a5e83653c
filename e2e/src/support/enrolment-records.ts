import pg from 'pg';

/** Reads the enrolment service's own database: what the journeys compare the screens with. */
export async function queryEnrolment<T extends pg.QueryResultRow>(
  postgresUrl: string,
  databasePrefix: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: `${postgresUrl}/${databasePrefix}_enrolment` });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
