import { createClient } from 'redis';
import { createLogger, type Logger } from '@cuota/service-runtime/logging/logger';
import { createMailer, type Mailer } from '@cuota/service-runtime/mail/mailer';
import {
  createIdentitySigner,
  type IdentitySigner,
} from '@cuota/service-runtime/identity/identity-token';
import type { BffConfig } from './config/bff-config';

const createRedis = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof createRedis>;

/** The BFF's connections and keys: made once per process (or per test) and handed to the app. */
export interface BffDeps {
  logger: Logger;
  redis: RedisClient;
  sign: IdentitySigner;
  mailer: Mailer;
}

export async function createBffDeps(config: BffConfig, logger?: Logger): Promise<BffDeps> {
  const log = logger ?? createLogger('bff', config.logLevel);
  const redis = createRedis(config.redisUrl);
  redis.on('error', (err: unknown) => log.error({ err }, 'redis connection error'));
  await redis.connect();
  return {
    logger: log,
    redis,
    sign: await createIdentitySigner(config.identityPrivateJwk),
    mailer: createMailer(config.smtpUrl, config.mailFrom),
  };
}

export async function closeBffDeps(deps: BffDeps): Promise<void> {
  deps.mailer.close();
  await deps.redis.close();
}
