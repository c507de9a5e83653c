import path from 'node:path';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import * as schema from './schema';
import { ledgerHandlers } from './ledger/ledger-handlers';

/** Payments: checkout, payins and payouts (later issues) over a double-entry ledger. */
export const paymentsService: ServiceDefinition<typeof schema> = {
  name: 'payments',
  schema,
  // Resolves to services/payments/drizzle both from src/ (tests) and from dist/main.cjs.
  migrationsFolder: path.resolve(__dirname, '../drizzle'),
  streams: ['PAYMENTS'],
  endpoints: (ctx) => ledgerHandlers(ctx.db),
};
