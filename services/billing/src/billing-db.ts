import type { Database } from '@cuota/service-runtime/db/database';
import type * as schema from './schema';

export type BillingDb = Database<typeof schema>;
