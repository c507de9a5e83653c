import path from 'node:path';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import * as schema from './schema';
import {
  STUDENT_DIRECTORY_CONSUMER,
  studentDirectorySubscriptions,
} from './students/student-directory-consumer';
import { studentDirectoryHandlers } from './students/student-directory-handlers';

/** Billing: charges and collections (later issues); for now, its read model of students. */
export const billingService: ServiceDefinition<typeof schema> = {
  name: 'billing',
  schema,
  // Resolves to services/billing/drizzle both from src/ (tests) and from dist/main.cjs.
  migrationsFolder: path.resolve(__dirname, '../drizzle'),
  streams: ['BILLING'],
  endpoints: (ctx) => studentDirectoryHandlers(ctx.db),
  consumers: () => ({ [STUDENT_DIRECTORY_CONSUMER]: studentDirectorySubscriptions() }),
};
