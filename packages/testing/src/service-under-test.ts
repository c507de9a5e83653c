import type { ServiceConfig } from '@cuota/service-host/service-config';
import {
  startService,
  type RunningService,
  type ServiceDefinition,
} from '@cuota/service-host/service-host';
import { NATS_URL } from './environment';
import { createTestDatabase, type TestDatabase } from './test-database';
import { createTestIdentity, type TestIdentity } from './test-identity';

export interface ServiceUnderTest<S extends Record<string, unknown>> {
  service: RunningService<S>;
  database: TestDatabase;
  /** Whose tokens the service accepts: sign with it to call the service. */
  identity: TestIdentity;
  /** Raw SQL on the service's own database: what it stored, for assertions. */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /** Stops the service and drops its database. */
  stop: () => Promise<void>;
}

export interface ServiceUnderTestOptions {
  /** Names the throwaway database (t_<label>_…). */
  label: string;
  /** The NATS namespace it shares with the services it talks to. */
  natsPrefix: string;
  /** Whose tokens it accepts (e.g. the BFF's under test); default a new identity. */
  identity?: TestIdentity;
  /** Anything else: the clock (`now`), `publicUrl`, `smtpUrl`… */
  config?: Partial<ServiceConfig>;
}

/**
 * A real service as production starts it (migrated, outbox relay and consumers running,
 * HTTP on a free port), silent, on a throwaway database of its own.
 */
export async function startServiceUnderTest<S extends Record<string, unknown>>(
  definition: ServiceDefinition<S>,
  { label, natsPrefix, identity, config = {} }: ServiceUnderTestOptions,
): Promise<ServiceUnderTest<S>> {
  const [database, keys] = await Promise.all([
    createTestDatabase(label),
    identity ?? createTestIdentity(),
  ]);
  const service = await startService(definition, {
    port: 0,
    databaseUrl: database.url,
    natsUrl: NATS_URL,
    natsPrefix,
    identityPublicJwk: keys.keys.publicJwk,
    logLevel: 'silent',
    ...config,
  }).catch(async (err: unknown) => {
    await database.drop();
    throw err;
  });
  return {
    service,
    database,
    identity: keys,
    query: async (text, params = []) => (await service.db.$client.query(text, params)).rows,
    stop: async () => {
      await service.stop();
      await database.drop();
    },
  };
}
