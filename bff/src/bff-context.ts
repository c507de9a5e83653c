import {
  createServiceClient,
  type ServiceClient,
} from '@cuota/service-runtime/http/service-client';
import type { BffConfig } from './config/bff-config';
import type { BffDeps } from './bff-deps';
import { createEnrolmentDirectory, type EnrolmentDirectory } from './identity/enrolment-directory';
import { createExternalIdentity, type ExternalIdentity } from './identity/external-identity';
import { createLoginCodes, type LoginCodes } from './identity/login-codes';
import { createRateLimiters, type RateLimiters } from './security/rate-limits';
import { createSignInFailures, type SignInFailures } from './security/sign-in-failures';
import { createBearerTokens, type BearerTokens } from './session/bearer-session';
import { createSessionStore } from './session/session-middleware';
import { createGuardianLinkCache, type GuardianLinkCache } from './shell/guardian-link-cache';

/** Everything the BFF's routers share, built once per app. */
export interface BffContext {
  config: BffConfig;
  deps: BffDeps;
  limiters: RateLimiters;
  signInFailures: SignInFailures;
  enrolment: ServiceClient;
  invoicing: ServiceClient;
  notifications: ServiceClient;
  directory: EnrolmentDirectory;
  codes: LoginCodes;
  /** ID tokens of the OpenID Connect providers guardians sign in with on the app. */
  externalIdentity: ExternalIdentity;
  guardianLinks: GuardianLinkCache;
  /** The sessions in Redis, for what express-session does not do (token refresh, ADR 0038). */
  sessionStore: ReturnType<typeof createSessionStore>;
  bearer: BearerTokens;
}

export function createBffContext(config: BffConfig, deps: BffDeps): BffContext {
  const enrolment = createServiceClient({
    label: 'inscripciones',
    baseUrl: config.services.enrolment,
    sign: deps.sign,
    timeoutMs: 10_000,
  });
  const directory = createEnrolmentDirectory(enrolment);
  return {
    config,
    deps,
    limiters: createRateLimiters(config, deps.redis),
    signInFailures: createSignInFailures(
      config.rateLimits.signInFailuresPerAccountAndIp,
      deps.redis,
      config.redisPrefix,
    ),
    enrolment,
    invoicing: createServiceClient({
      label: 'facturación',
      baseUrl: config.services.invoicing,
      sign: deps.sign,
      timeoutMs: 10_000,
    }),
    notifications: createServiceClient({
      label: 'notificaciones',
      baseUrl: config.services.notifications,
      sign: deps.sign,
      timeoutMs: 10_000,
    }),
    directory,
    codes: createLoginCodes(config, deps.redis),
    externalIdentity: createExternalIdentity(config.externalProviders),
    guardianLinks: createGuardianLinkCache(directory),
    sessionStore: createSessionStore(config, deps.sessionRedis),
    bearer: createBearerTokens(config),
  };
}
