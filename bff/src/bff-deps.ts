import { createClient } from 'redis';
import { createLogger, type Logger } from '@cuota/service-runtime/logging/logger';
import { createMailer, type Mailer } from '@cuota/service-runtime/mail/mailer';
import {
  createIdentitySigner,
  type IdentitySigner,
} from '@cuota/service-runtime/identity/identity-token';
import type { BffConfig } from './config/bff-config';
import { createForwarder, type Forwarder } from './proxy/forward';
import { startEnrolmentEventFeed, type EventFeed } from './read-models/enrolment-event-feed';
import {
  createGuardianMeReadModel,
  type GuardianMeReadModel,
} from './read-models/guardian-me-read-model';

const createRedis = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof createRedis>;

/** The BFF's connections and keys: made once per process (or per test) and handed to the app. */
export interface BffDeps {
  logger: Logger;
  redis: RedisClient;
  sign: IdentitySigner;
  mailer: Mailer;
  /** guardian.me answers kept while enrolment's events are heard (ADR 0024). */
  guardianMe: GuardianMeReadModel;
  events?: EventFeed;
  /** Proxied calls to the services, on one keep-alive pool. */
  forwarder: Forwarder;
}

/** A kept answer is at most this old even if a write published nothing. */
const GUARDIAN_ME_MAX_AGE_MS = 5 * 60_000;

export async function createBffDeps(config: BffConfig, logger?: Logger): Promise<BffDeps> {
  const log = logger ?? createLogger('bff', config.logLevel);
  const redis = createRedis(config.redisUrl);
  redis.on('error', (err: unknown) => log.error({ err }, 'redis connection error'));
  await redis.connect();
  const guardianMe = createGuardianMeReadModel({
    capacity: config.guardianMeCapacity,
    maxAgeMs: GUARDIAN_ME_MAX_AGE_MS,
  });
  return {
    logger: log,
    redis,
    sign: await createIdentitySigner(config.identityPrivateJwk),
    mailer: createMailer(config.smtpUrl, config.mailFrom),
    guardianMe,
    events: config.events && startEnrolmentEventFeed(config.events, guardianMe, log),
    forwarder: createForwarder(config.proxyTimeoutMs),
  };
}

export async function closeBffDeps(deps: BffDeps): Promise<void> {
  await deps.events?.close();
  await deps.forwarder.close();
  deps.mailer.close();
  await deps.redis.close();
}
