import { createClient } from 'redis';
import { createLogger, type Logger } from '@cuota/service-runtime/logging/logger';
import { createMailer, type Mailer } from '@cuota/service-runtime/mail/mailer';
import { createMetricsRegistry, type Registry } from '@cuota/service-runtime/metrics/registry';
import {
  createIdentitySigner,
  type IdentitySigner,
} from '@cuota/service-runtime/identity/identity-token';
import type { BffConfig } from './config/bff-config';
import { createForwarder, type Forwarder } from './proxy/forward';
import { answerCompression, COMPRESS_FROM_BYTES } from './http/answer-compression';
import { startEnrolmentEventFeed, type EventFeed } from './read-models/enrolment-event-feed';
import {
  createGuardianMeReadModel,
  type GuardianMeReadModel,
} from './read-models/guardian-me-read-model';

const createRedis = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof createRedis>;

/** A session copy kept in memory is at most this old, even if Redis said nothing (ADR 0039). */
export const SESSION_COPY_MAX_AGE_MS = 10_000;
/** Sessions kept in memory at most (the least recently used go first): ~2 KB each. */
const SESSION_COPIES = 5_000;

/**
 * Sessions' own connection (RESP3): Redis tracks the session keys it read and tells it when one
 * changes or ends, so a signed-in call reads its session from memory instead of a round trip
 * (ADR 0039). Every write of a session goes through it too, so this process never reads a
 * copy older than its own write.
 */
const createSessionRedis = (url: string) =>
  createClient({
    url,
    RESP: 3,
    clientSideCache: {
      ttl: SESSION_COPY_MAX_AGE_MS,
      maxEntries: SESSION_COPIES,
      evictPolicy: 'LRU',
    },
  });
export type SessionRedisClient = ReturnType<typeof createSessionRedis>;

/** The BFF's connections and keys: made once per process (or per test) and handed to the app. */
export interface BffDeps {
  logger: Logger;
  redis: RedisClient;
  /** Sessions only: reads served from a copy Redis keeps valid. */
  sessionRedis: SessionRedisClient;
  sign: IdentitySigner;
  mailer: Mailer;
  /** guardian.me answers kept while enrolment's events are heard (ADR 0024). */
  guardianMe: GuardianMeReadModel;
  events?: EventFeed;
  /** Proxied calls to the services, on one keep-alive pool. */
  forwarder: Forwarder;
  /** Request rate and latency by route, served on the metrics port (ADR 0077). */
  metrics: Registry;
}

/** A kept answer is at most this old even if a write published nothing. */
const GUARDIAN_ME_MAX_AGE_MS = 5 * 60_000;

export async function createBffDeps(config: BffConfig, logger?: Logger): Promise<BffDeps> {
  const log = logger ?? createLogger('bff', config.logLevel);
  const redis = createRedis(config.redisUrl);
  const sessionRedis = createSessionRedis(config.redisUrl);
  for (const client of [redis, sessionRedis])
    client.on('error', (err: unknown) => log.error({ err }, 'redis connection error'));
  await Promise.all([redis.connect(), sessionRedis.connect()]);
  const guardianMe = createGuardianMeReadModel({
    capacity: config.guardianMeCapacity,
    maxAgeMs: GUARDIAN_ME_MAX_AGE_MS,
  });
  return {
    logger: log,
    redis,
    sessionRedis,
    sign: await createIdentitySigner(config.identityPrivateJwk),
    mailer: createMailer(config.smtpUrl, config.mailFrom),
    guardianMe,
    events: config.events && startEnrolmentEventFeed(config.events, guardianMe, log),
    forwarder: createForwarder(config.proxyTimeoutMs, {
      compress: answerCompression(),
      fromBytes: COMPRESS_FROM_BYTES,
    }),
    metrics: createMetricsRegistry('bff'),
  };
}

export async function closeBffDeps(deps: BffDeps): Promise<void> {
  await deps.events?.close();
  await deps.forwarder.close();
  deps.mailer.close();
  await Promise.all([deps.redis.close(), deps.sessionRedis.close()]);
}
