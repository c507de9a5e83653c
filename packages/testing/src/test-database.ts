import { dropDatabase, ensureDatabase } from '@cuota/service-runtime/db/database';
import { POSTGRES_URL, uniqueSuffix } from './environment';

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, empty database on the real PostgreSQL, dropped when the test is done. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const url = `${POSTGRES_URL}/t_${label}_${uniqueSuffix()}`;
  await ensureDatabase(url);
  return { url, drop: () => dropDatabase(url) };
}
