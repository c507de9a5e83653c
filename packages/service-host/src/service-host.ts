import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Registry } from '@cuota/service-runtime/metrics/registry';
import { sql } from 'drizzle-orm';
import { DurableConsumer, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { connectNats, type NatsConnection } from '@cuota/messaging/nats-connection';
import type { Namespace } from '@cuota/messaging/naming';
import { OutboxRelay } from '@cuota/messaging/outbox/outbox-relay';
import { ensureStream } from '@cuota/messaging/streams';
import {
  createDatabase,
  ensureDatabase,
  runMigrations,
  type Database,
} from '@cuota/service-runtime/db/database';
import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import type { ServiceDomain } from '@cuota/contracts/http/endpoint';
import { createServiceApp } from '@cuota/service-runtime/http/create-service-app';
import { mountEndpoints, type Implementation } from '@cuota/service-runtime/http/endpoint-handlers';
import { listen } from '@cuota/service-runtime/http/listen';
import { localUrl } from '@cuota/service-runtime/http/local-url';
import { requireIdentity } from '@cuota/service-runtime/http/require-identity';
import type { UniqueViolationMessages } from '@cuota/service-runtime/http/unique-violation';
import {
  createIdentityVerifier,
  type IdentityVerifier,
} from '@cuota/service-runtime/identity/identity-token';
import { createLogger, type Logger } from '@cuota/service-runtime/logging/logger';
import {
  consumerMetrics,
  type ConsumerMetrics,
} from '@cuota/service-runtime/metrics/event-metrics';
import { createMetricsRegistry } from '@cuota/service-runtime/metrics/registry';
import { serviceMetrics } from './service-metrics';
import type { ServiceConfig } from './service-config';

/** Services listen on loopback unless HOST says otherwise: only the BFF faces the network. */
const LOOPBACK = '127.0.0.1';

/** What a service's routes and consumers are given. */
export interface ServiceContext<S extends Record<string, unknown>> {
  db: Database<S>;
  nc: NatsConnection;
  ns: Namespace;
  logger: Logger;
  /** What the process read from its environment (e.g. publicUrl for links). */
  config: ServiceConfig;
  /** The service's metrics, served on its /metrics (ADR 0077). */
  metrics: Registry;
}

export interface ServiceDefinition<S extends Record<string, unknown>> {
  name: ServiceDomain;
  schema: S;
  migrationsFolder: string;
  /** JetStream streams this service publishes to (its own domain's). */
  streams?: string[];
  /**
   * The service's endpoints (definitions in packages/contracts, each with its handler),
   * behind the identity check (the BFF's signed token). Mounted only if they are exactly the
   * service's definitions.
   */
  endpoints: (ctx: ServiceContext<S>) => Implementation[];
  /** Routes not yet described by endpoint definitions (being migrated). */
  routes?: (app: Express, ctx: ServiceContext<S>) => void;
  /** Durable consumers: name → subscriptions. */
  consumers?: (ctx: ServiceContext<S>) => Record<string, Subscription[]>;
  /**
   * The Spanish 409 for each unique index (by name) that two racing requests can hit; any
   * other unique violation gets a general one (service-runtime's error handler).
   */
  uniqueViolations?: UniqueViolationMessages;
  /** The service's own figures on /metrics (e.g. payments by status), read at scrape time. */
  metrics?: (ctx: ServiceContext<S>) => void;
  /** Work that answers NATS requests or needs stopping (returns its stopper). */
  extras?: (ctx: ServiceContext<S>) => Promise<() => Promise<void>>;
}

export interface RunningService<S extends Record<string, unknown>> extends ServiceContext<S> {
  url: string;
  verify: IdentityVerifier;
  stopConsumers: () => Promise<void>;
  startConsumers: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Starts one service the way every service starts: its own database (created and
 * migrated), NATS with its streams, the outbox relay, durable consumers, and the HTTP
 * app with health probes, metrics and identity checks.
 */
export async function startService<S extends Record<string, unknown>>(
  definition: ServiceDefinition<S>,
  config: ServiceConfig,
  logger: Logger = createLogger(definition.name, config.logLevel),
): Promise<RunningService<S>> {
  const db = await openDatabase(definition, config);
  const nc = await connectNats(config.natsUrl, definition.name);
  const ns: Namespace = { prefix: config.natsPrefix };
  for (const stream of definition.streams ?? []) await ensureStream(nc, ns, stream);

  const relay = new OutboxRelay({ db: db as Database<Record<string, unknown>>, nc, ns, logger });
  relay.start();
  const metrics = createMetricsRegistry(definition.name);
  const ctx: ServiceContext<S> = { db, nc, ns, logger, config, metrics };
  const consumers = makeConsumers(definition, ctx, consumerMetrics(metrics));
  await Promise.all(consumers.map((c) => c.start()));
  serviceMetrics(metrics, { pool: db.$client, nc, ns, relay, consumers });
  definition.metrics?.(ctx);
  const stopExtras = definition.extras ? await definition.extras(ctx) : async () => {};

  const verify = await createIdentityVerifier(config.identityPublicJwk);
  const app = createServiceApp(
    {
      logger,
      uniqueViolations: definition.uniqueViolations,
      metrics,
      readiness: async () => {
        await db.execute(sql`SELECT 1`);
        if (nc.isClosed()) throw new Error('NATS connection closed');
      },
    },
    (a) => {
      a.use(requireIdentity(verify));
      mountEndpoints(a, definition.name, definition.endpoints(ctx), ALL_ENDPOINTS, {
        db: db as Database<Record<string, unknown>>,
      });
      definition.routes?.(a, ctx);
    },
  );
  const server = await listen(app, config.port, config.host ?? LOOPBACK);
  const url = localUrl(config.host ?? LOOPBACK, (server.address() as AddressInfo).port);
  logger.info({ url }, `${definition.name} listening`);

  return {
    ...ctx,
    url,
    verify,
    stopConsumers: () => Promise.all(consumers.map((c) => c.stop())).then(() => {}),
    startConsumers: () => Promise.all(consumers.map((c) => c.start())).then(() => {}),
    stop: async () => {
      await closeServer(server);
      await stopExtras();
      await Promise.all(consumers.map((c) => c.stop()));
      await relay.stop();
      await nc.drain().catch(() => {});
      await db.$client.end();
    },
  };
}

/** The service's own database, created on first run and migrated to its latest schema. */
async function openDatabase<S extends Record<string, unknown>>(
  definition: ServiceDefinition<S>,
  config: ServiceConfig,
): Promise<Database<S>> {
  await ensureDatabase(config.databaseUrl);
  const db = createDatabase(config.databaseUrl, definition.schema, config.databasePoolMax);
  await runMigrations(db as Database<Record<string, unknown>>, definition.migrationsFolder);
  return db;
}

/**
 * `main.cjs migrate`: only creates and migrates the database, then exits — a deploy's
 * migration Job, run once before the new version's instances start (infra/deploy).
 */
export const MIGRATE_ONLY = 'migrate';

function makeConsumers<S extends Record<string, unknown>>(
  definition: ServiceDefinition<S>,
  ctx: ServiceContext<S>,
  metrics: ConsumerMetrics,
): DurableConsumer[] {
  const byName = definition.consumers?.(ctx) ?? {};
  return Object.entries(byName).map(
    ([name, subscriptions]) =>
      new DurableConsumer({
        name,
        subscriptions,
        db: ctx.db as Database<Record<string, unknown>>,
        nc: ctx.nc,
        ns: ctx.ns,
        logger: ctx.logger,
        metrics,
      }),
  );
}

/** Stops accepting, lets in-flight requests finish for a moment, then cuts the rest. */
async function closeServer(server: Server, graceMs = 5_000): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearTimeout(cut);
}

/** main.ts of every service: start from the environment, stop cleanly on a signal. */
export async function runServiceMain<S extends Record<string, unknown>>(
  definition: ServiceDefinition<S>,
  config: ServiceConfig,
): Promise<void> {
  const logger = createLogger(definition.name, config.logLevel);
  if (process.argv.slice(2).includes(MIGRATE_ONLY)) {
    const db = await openDatabase(definition, config).catch((err: unknown) => {
      logger.fatal({ err }, `${definition.name} migrations failed`);
      process.exit(1);
    });
    await db.$client.end();
    logger.info(`${definition.name} database migrated`);
    return;
  }
  const service = await startService(definition, config, logger).catch((err: unknown) => {
    logger.fatal({ err }, `${definition.name} failed to start`);
    process.exit(1);
  });
  const shutdown = async () => {
    logger.info(`${definition.name} stopping`);
    await service.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}
