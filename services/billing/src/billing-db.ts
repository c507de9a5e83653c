import type { Database } from '@cuota/service-runtime/db/database';
import type * as schema from './schema';

export type BillingDb = Database<typeof schema>;

/** What billing's handlers and responders share: the database and today's Mexico City date. */
export interface BillingContext {
  db: BillingDb;
  today: () => string;
}
