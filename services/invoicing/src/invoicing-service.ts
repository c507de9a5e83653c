import path from 'node:path';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import * as schema from './schema';
import {
  FISCAL_GUARDIAN_CONSUMER,
  fiscalGuardianSubscriptions,
} from './guardians/fiscal-guardian-consumer';
import { verifyGuardiansHandlers } from './guardians/verify-guardians-handlers';

/** Invoicing: CFDI 4.0 (later issues); for now, guardians' fiscal data and RFC checks. */
export const invoicingService: ServiceDefinition<typeof schema> = {
  name: 'invoicing',
  schema,
  // Resolves to services/invoicing/drizzle both from src/ (tests) and from dist/main.cjs.
  migrationsFolder: path.resolve(__dirname, '../drizzle'),
  streams: ['INVOICING'],
  endpoints: (ctx) => verifyGuardiansHandlers(ctx.db),
  consumers: () => ({ [FISCAL_GUARDIAN_CONSUMER]: fiscalGuardianSubscriptions() }),
};
