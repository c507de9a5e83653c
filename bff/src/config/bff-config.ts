import type { JWK } from 'jose';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_SECONDS } from '@cuota/contracts/identity/sign-in';

export type ServiceName = 'enrolment' | 'billing' | 'payments' | 'invoicing' | 'notifications';

/** One rate limit: at most `limit` hits per `windowMs` for one key (an IP, a guardian…). */
export interface RateLimitRule {
  windowMs: number;
  limit: number;
}

export interface RateLimitConfig {
  /** Every API and proxied call, per IP. */
  api: RateLimitRule;
  /** Failed code and password checks per IP (shared by every sign-in endpoint). */
  signInPerIp: RateLimitRule;
  /**
   * Failed password (or invitation) checks per account and IP: the client that keeps failing
   * is stopped, the account's owner elsewhere is not (ADR 0020).
   */
  signInFailuresPerAccountAndIp: RateLimitRule;
  /** Code e-mails per IP. */
  sendCodePerIp: RateLimitRule;
  /** Code e-mails per guardian and IP: a short burst rule and an hourly rule. */
  sendCodePerGuardianBurst: RateLimitRule;
  sendCodePerGuardianHourly: RateLimitRule;
  /**
   * Code e-mails per guardian from anywhere (a mailbox is not flooded). Reaching it locks
   * nobody out: the codes already sent stay valid.
   */
  sendCodePerGuardian: RateLimitRule;
  /** Client log lines (/api/auth/_log) per IP. */
  clientLog: RateLimitRule;
  /** Families' sign-ups from a school's store (POST /api/v1/schools/{id}/signup/) per IP. */
  signupPerIp: RateLimitRule;
  /** «¿Olvidaste tu contraseña?» requests (POST /api/auth/password-reset) per IP. */
  passwordResetPerIp: RateLimitRule;
  /**
   * Reset mails per e-mail address: past it the answer is the same and no mail goes out
   * (the links already sent keep working, so nobody is locked out).
   */
  passwordResetMailsPerEmail: RateLimitRule;
}

export interface BffConfig {
  port: number;
  /** The interface to listen on (HOST; default 127.0.0.1). */
  host: string;
  /**
   * Where /metrics is served (METRICS_PORT, METRICS_HOST; default 127.0.0.1): a port of its
   * own, never the public one (ADR 0077). Unset, the BFF serves no metrics.
   */
  metrics?: { port: number; host: string };
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  /** Express `trust proxy` value; unset means the BFF faces the browser directly. */
  trustProxy?: boolean | number | string;
  /** The portal host as browsers see it: links, e-mails, Auth.js URLs, same-origin checks. */
  publicUrl: string;
  /**
   * Origins a callbackUrl (sign-in, sign-out) may point to: PUBLIC_URL first, then
   * ALLOWED_ORIGINS. Built from configuration only, never from a request's Host header.
   */
  siteOrigins: string[];
  redisUrl: string;
  /** Namespace for every key this process writes (sessions, codes, rate limits). */
  redisPrefix: string;
  /** Cookie signing secrets, newest first (older ones still verify, for rotation). */
  sessionSecrets: string[];
  /** Rolling idle timeout of a session. */
  sessionIdleTimeoutMs: number;
  /** Key for the HMAC of login codes; derived from the session secret when not given. */
  loginCodeSecret: string;
  loginCode: { ttlSeconds: number; maxAttempts: number };
  identityPrivateJwk: JWK;
  services: Record<ServiceName, string>;
  /** How long the proxy waits for a service before answering 503. */
  proxyTimeoutMs: number;
  /** Each remote's mf-manifest.json URL as the BFF started (the CSP allows their origins). */
  remotes: { portal: string; dashboard: string; store: string };
  /**
   * Remote entries holding `[version]` and the file naming each remote's version, read again
   * when it is replaced: a remote's deploy or rollback without a restart (ADR 0078).
   */
  remoteVersions?: { file: string; templates: BffConfig['remotes'] };
  shellDistDir: string;
  smtpUrl: string;
  mailFrom: string;
  /** The card gateway's hosted-form origin the portal may frame; none, nothing is framed. */
  gatewayFormOrigin?: string;
  /** Where pages report errors and replays (the DSN's origin); none, pages send nothing. */
  monitoringOrigin?: string;
  rateLimits: RateLimitConfig;
  /**
   * Enrolment's events (NATS_URL, NATS_PREFIX): while they are heard, guardian.me answers are
   * kept in the BFF (ADR 0024). Without them every guardian.me asks enrolment.
   */
  events?: { natsUrl: string; natsPrefix: string };
  /** How many guardian.me answers are kept at most (GUARDIAN_ME_KEPT). */
  guardianMeCapacity: number;
  /**
   * OpenID Connect providers guardians may sign in with on the app, by the id the app sends
   * (OIDC_PROVIDERS; none, external sign-in refuses every provider).
   */
  externalProviders: Record<string, ExternalProvider>;
}

/** An OpenID Connect provider as the BFF checks its ID tokens (ADR 0038, addendum). */
export interface ExternalProvider {
  /** `iss` of its tokens, e.g. https://accounts.google.com. */
  issuer: string;
  jwksUrl: string;
  /** Cuota's client id at the provider: the `aud` its tokens must carry. */
  clientId: string;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  api: { windowMs: MINUTE, limit: 600 },
  signInPerIp: { windowMs: 15 * MINUTE, limit: 60 },
  signInFailuresPerAccountAndIp: { windowMs: 15 * MINUTE, limit: 10 },
  sendCodePerIp: { windowMs: 15 * MINUTE, limit: 30 },
  sendCodePerGuardianBurst: { windowMs: 30_000, limit: 1 },
  sendCodePerGuardianHourly: { windowMs: 60 * MINUTE, limit: 5 },
  sendCodePerGuardian: { windowMs: 60 * MINUTE, limit: 20 },
  clientLog: { windowMs: MINUTE, limit: 60 },
  signupPerIp: { windowMs: 60 * MINUTE, limit: 10 },
  passwordResetPerIp: { windowMs: 60 * MINUTE, limit: 20 },
  passwordResetMailsPerEmail: { windowMs: 60 * MINUTE, limit: 3 },
};

export const DEFAULT_LOGIN_CODE = {
  ttlSeconds: LOGIN_CODE_TTL_SECONDS,
  maxAttempts: LOGIN_CODE_MAX_ATTEMPTS,
};

export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 8 * 60 * MINUTE;
export const DEFAULT_PROXY_TIMEOUT_MS = 30_000;
/** About 5 KB each in the heap (3.6 KB measured for a 2.5 KB answer): 2,000 ≈ 10 MB of 160. */
export const DEFAULT_GUARDIAN_ME_CAPACITY = 2_000;
