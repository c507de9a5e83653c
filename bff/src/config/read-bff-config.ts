import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { portSchema, readEnv } from '@cuota/service-runtime/config/read-env';
import { parseJwkEnv } from '@cuota/service-runtime/identity/identity-token';
import { entriesAtVersions, VERSION_PLACEHOLDER } from '../shell/remote-versions';
import {
  DEFAULT_GUARDIAN_ME_CAPACITY,
  DEFAULT_LOGIN_CODE,
  DEFAULT_PROXY_TIMEOUT_MS,
  DEFAULT_RATE_LIMITS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  type BffConfig,
} from './bff-config';

const url = z.url();

const envSchema = z.object({
  PORT: portSchema,
  /** The interface to listen on: loopback unless the BFF must face another network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Prometheus scrapes /metrics here, never on the public PORT (ADR 0077). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.string().default('info'),
  TRUST_PROXY: z.string().optional(),
  PUBLIC_URL: url,
  /** More origins the portal is reached at (comma-separated), e.g. http://127.0.0.1:3000. */
  ALLOWED_ORIGINS: z.string().optional(),
  REDIS_URL: url,
  REDIS_PREFIX: z.string().default('cuota:'),
  SESSION_SECRET: z.string().min(16, 'usa al menos 16 caracteres'),
  LOGIN_CODE_SECRET: z.string().min(16).optional(),
  IDENTITY_PRIVATE_JWK: z.string().min(2),
  ENROLMENT_URL: url,
  BILLING_URL: url,
  PAYMENTS_URL: url,
  INVOICING_URL: url,
  NOTIFICATIONS_URL: url,
  REMOTE_PORTAL_ENTRY: url,
  REMOTE_DASHBOARD_ENTRY: url,
  REMOTE_STORE_ENTRY: url,
  /** JSON `{ "portal": "<version>", … }`: fills `[version]` in the entries above (ADR 0078). */
  REMOTE_VERSIONS_FILE: z.string().min(1).optional(),
  SHELL_DIST_DIR: z.string().min(1),
  SMTP_URL: url,
  /** Origin of the card gateway's hosted form, which the portal frames (CSP frame-src). */
  GATEWAY_FORM_ORIGIN: z.url().optional(),
  /** Error reporting (spec §9): pages may send to its origin (CSP connect-src). */
  SENTRY_DSN: z.url().optional(),
  MAIL_FROM: z.string().min(3),
  /** Per-IP budget of /api calls a minute; the benchmark raises it (one client, many calls). */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Enrolment's events keep guardian.me answers in the BFF; without NATS none are kept. */
  NATS_URL: z.string().min(1).optional(),
  NATS_PREFIX: z.string().default(''),
  GUARDIAN_ME_KEPT: z.coerce.number().int().nonnegative().optional(),
  /** JSON: `{ "google": { "issuer", "jwks_url", "client_id" }, … }` (external sign-in). */
  OIDC_PROVIDERS: z.string().optional(),
});

const providersSchema = z.record(
  z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
  z.strictObject({ issuer: z.url(), jwks_url: z.url(), client_id: z.string().min(1) }),
);

/** OIDC_PROVIDERS, checked at start-up: a typo stops the BFF rather than every sign-in. */
export function parseExternalProviders(value: string | undefined): BffConfig['externalProviders'] {
  if (!value) return {};
  const parsed = providersSchema.parse(JSON.parse(value));
  return Object.fromEntries(
    Object.entries(parsed).map(([id, p]) => [
      id,
      { issuer: p.issuer, jwksUrl: p.jwks_url, clientId: p.client_id },
    ]),
  );
}

/** The BFF's configuration from its environment, checked once at start-up. */
export function readBffConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const e = readEnv(envSchema, env);
  const sessionSecrets = e.SESSION_SECRET.split(',').map((s) => s.trim());
  return {
    port: e.PORT,
    host: e.HOST,
    metrics:
      e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    siteOrigins: siteOriginsOf(e.PUBLIC_URL, e.ALLOWED_ORIGINS),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionSecrets,
    sessionIdleTimeoutMs: DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    loginCodeSecret: e.LOGIN_CODE_SECRET ?? deriveLoginCodeSecret(sessionSecrets[0]!),
    loginCode: DEFAULT_LOGIN_CODE,
    identityPrivateJwk: parseJwkEnv(e.IDENTITY_PRIVATE_JWK),
    services: {
      enrolment: e.ENROLMENT_URL,
      billing: e.BILLING_URL,
      payments: e.PAYMENTS_URL,
      invoicing: e.INVOICING_URL,
      notifications: e.NOTIFICATIONS_URL,
    },
    proxyTimeoutMs: DEFAULT_PROXY_TIMEOUT_MS,
    ...remotesOf(e),
    shellDistDir: e.SHELL_DIST_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    gatewayFormOrigin: e.GATEWAY_FORM_ORIGIN ? new URL(e.GATEWAY_FORM_ORIGIN).origin : undefined,
    monitoringOrigin: e.SENTRY_DSN ? new URL(e.SENTRY_DSN).origin : undefined,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      api: {
        ...DEFAULT_RATE_LIMITS.api,
        limit: e.RATE_LIMIT_API_PER_MINUTE ?? DEFAULT_RATE_LIMITS.api.limit,
      },
    },
    events: e.NATS_URL ? { natsUrl: e.NATS_URL, natsPrefix: e.NATS_PREFIX } : undefined,
    guardianMeCapacity: e.GUARDIAN_ME_KEPT ?? DEFAULT_GUARDIAN_ME_CAPACITY,
    externalProviders: parseExternalProviders(e.OIDC_PROVIDERS),
  };
}

/**
 * The remote entries; with a versions file, the versions it names now. A file that is
 * missing, malformed or silent about a versioned remote stops the start.
 */
function remotesOf(e: z.infer<typeof envSchema>): Pick<BffConfig, 'remotes' | 'remoteVersions'> {
  const templates = {
    portal: e.REMOTE_PORTAL_ENTRY,
    dashboard: e.REMOTE_DASHBOARD_ENTRY,
    store: e.REMOTE_STORE_ENTRY,
  };
  const versioned = Object.values(templates).some((t) => t.includes(VERSION_PLACEHOLDER));
  if (!versioned) return { remotes: templates };
  const file = e.REMOTE_VERSIONS_FILE;
  if (!file)
    throw new Error(`REMOTE_VERSIONS_FILE is needed for entries with ${VERSION_PLACEHOLDER}`);
  return { remotes: entriesAtVersions(templates, file), remoteVersions: { file, templates } };
}

/** PUBLIC_URL's origin, then each valid ALLOWED_ORIGINS entry's (duplicates dropped). */
export function siteOriginsOf(publicUrl: string, allowed: string | undefined): string[] {
  const extra = (allowed ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return [...new Set([publicUrl, ...extra].map((o) => new URL(o).origin))];
}

/** `TRUST_PROXY` as Express reads it: a hop count, true/false, or a list of subnets. */
export function parseTrustProxy(value: string | undefined): BffConfig['trustProxy'] {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** A separate key for login-code HMACs, so the cookie secret is never used for two things. */
export function deriveLoginCodeSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('cuota:login-code:v1').digest('base64url');
}
