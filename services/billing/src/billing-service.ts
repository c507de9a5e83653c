import path from 'node:path';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import * as schema from './schema';
import {
  STUDENT_DIRECTORY_CONSUMER,
  studentDirectorySubscriptions,
} from './students/student-directory-consumer';
import { studentDirectoryHandlers } from './students/student-directory-handlers';
import { conceptHandlers } from './concepts/concept-handlers';
import { billRunHandlers } from './bill-runs/bill-run-handlers';

/** Billing: concepts, orders and bill runs; what is owed and what payments applied (ADR 0016). */
export const billingService: ServiceDefinition<typeof schema> = {
  name: 'billing',
  schema,
  // Resolves to services/billing/drizzle both from src/ (tests) and from dist/main.cjs.
  migrationsFolder: path.resolve(__dirname, '../drizzle'),
  streams: ['BILLING'],
  endpoints: ({ db }) => [
    ...studentDirectoryHandlers(db),
    ...conceptHandlers(db),
    ...billRunHandlers(db),
  ],
  consumers: () => ({ [STUDENT_DIRECTORY_CONSUMER]: studentDirectorySubscriptions() }),
};
