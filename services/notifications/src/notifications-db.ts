import type { Database } from '@cuota/service-runtime/db/database';
import type * as schema from './schema';

export type NotificationsDb = Database<typeof schema>;
