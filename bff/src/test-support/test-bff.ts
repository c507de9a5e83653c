import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { REDIS_URL, uniqueSuffix } from '@cuota/testing/environment';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createBffApp } from '../app';
import { closeBffDeps, createBffDeps, type BffDeps } from '../bff-deps';
import {
  DEFAULT_GUARDIAN_ME_CAPACITY,
  DEFAULT_LOGIN_CODE,
  DEFAULT_RATE_LIMITS,
  type BffConfig,
  type RateLimitConfig,
} from '../config/bff-config';
import { entriesAtVersions } from '../shell/remote-versions';

export const PUBLIC_URL = 'http://portal.cuota.test';
export const REMOTES = {
  portal: 'http://127.0.0.1:13901/mf-manifest.json',
  dashboard: 'http://127.0.0.1:13902/mf-manifest.json',
  store: 'http://remotes.cuota.test/store/mf-manifest.json',
};
/** A port nothing listens on: a service that is down. */
export const DEAD_URL = 'http://127.0.0.1:9';

export type TestIdentity = Awaited<ReturnType<typeof createTestIdentity>>;

export interface TestBffOptions {
  /** The key pair the BFF signs with (services under test verify with its public half). */
  identity?: TestIdentity;
  services?: Partial<BffConfig['services']>;
  rateLimits?: Partial<RateLimitConfig>;
  loginCode?: Partial<BffConfig['loginCode']>;
  proxyTimeoutMs?: number;
  /** Generous limits so a test file's own sign-ins never trip them (default true). */
  relaxedLimits?: boolean;
  /** e.g. 'loopback': X-Forwarded-For then names the client, so a test can be many IPs. */
  trustProxy?: BffConfig['trustProxy'];
  /** Enrolment's NATS namespace: guardian.me answers are then kept and follow its events. */
  events?: BffConfig['events'];
  /** OpenID Connect providers (an OIDC sandbox's issuer and JWKS); none by default. */
  externalProviders?: BffConfig['externalProviders'];
  /** Remote entries with `[version]` and the versions file that fills them (ADR 0078). */
  remoteVersions?: BffConfig['remoteVersions'];
}

export interface TestBff {
  app: Express;
  config: BffConfig;
  deps: BffDeps;
  smtp: SmtpSandbox;
  identity: TestIdentity;
  /** The mailbox's HTTP API, as a developer reads it. */
  mailboxUrl: string;
  close(): Promise<void>;
}

const RELAXED: RateLimitConfig = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([k, rule]) => [k, { ...rule, limit: 10_000 }]),
) as unknown as RateLimitConfig;

/**
 * The BFF on the real Redis (a key prefix of its own, removed at the end) and a real SMTP
 * sandbox, with a throwaway shell build. Services default to a dead address; pass the URL of
 * a real one (enrolment started in-process) to use it.
 */
export async function startTestBff(options: TestBffOptions = {}): Promise<TestBff> {
  const identity = options.identity ?? (await createTestIdentity());
  const smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  const shellDistDir = await writeTestShell();
  const config: BffConfig = {
    port: 0,
    nodeEnv: 'test',
    trustProxy: options.trustProxy,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    publicUrl: PUBLIC_URL,
    siteOrigins: [PUBLIC_URL],
    host: '127.0.0.1',
    redisUrl: REDIS_URL,
    redisPrefix: `t-bff-${uniqueSuffix()}:`,
    sessionSecrets: ['a-session-secret-for-tests-only'],
    sessionIdleTimeoutMs: 60 * 60 * 1000,
    loginCodeSecret: 'a-login-code-secret-for-tests',
    loginCode: { ...DEFAULT_LOGIN_CODE, ...options.loginCode },
    identityPrivateJwk: identity.keys.privateJwk,
    services: {
      enrolment: DEAD_URL,
      billing: DEAD_URL,
      payments: DEAD_URL,
      invoicing: DEAD_URL,
      notifications: DEAD_URL,
      ...options.services,
    },
    proxyTimeoutMs: options.proxyTimeoutMs ?? 5_000,
    remotes: options.remoteVersions
      ? entriesAtVersions(options.remoteVersions.templates, options.remoteVersions.file)
      : REMOTES,
    remoteVersions: options.remoteVersions,
    shellDistDir,
    smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
    mailFrom: 'Cuota <no-responder@cuota.test>',
    rateLimits: {
      ...(options.relaxedLimits === false ? DEFAULT_RATE_LIMITS : RELAXED),
      ...options.rateLimits,
    },
    events: options.events,
    guardianMeCapacity: DEFAULT_GUARDIAN_ME_CAPACITY,
    externalProviders: options.externalProviders ?? {},
  };
  const deps = await createBffDeps(config, createLogger('bff-test', config.logLevel));
  const app = createBffApp(config, deps);
  return {
    app,
    config,
    deps,
    smtp,
    identity,
    mailboxUrl: `http://127.0.0.1:${smtp.httpPort}/`,
    close: async () => {
      await deleteKeys(deps, config.redisPrefix);
      await closeBffDeps(deps);
      await smtp.stop();
      await fs.rm(shellDistDir, { recursive: true, force: true });
    },
  };
}

async function deleteKeys(deps: BffDeps, prefix: string): Promise<void> {
  for await (const keys of deps.redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length) await deps.redis.del(keys);
}

export const SHELL_INDEX =
  '<!doctype html><html lang="es"><head><title>Cuota</title></head><body><div id="root"></div></body></html>';

/** The page a test shell serves: index.html with what the BFF adds to its head. */
export const isShellPage = (html: string) =>
  html.startsWith('<!doctype html><html lang="es"><head><title>Cuota</title>') &&
  html.endsWith('</head><body><div id="root"></div></body></html>');

/** The stand-in of the `<cuota-store>` host's build (shell/dist/embed). */
export const EMBED_HOST = 'customElements.define("cuota-store",class extends HTMLElement{});';

/**
 * A stand-in for shell/dist: index.html, a content-hashed bundle, the remote entry, the
 * embed host.
 */
async function writeTestShell(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cuota-shell-'));
  await fs.writeFile(path.join(dir, 'index.html'), SHELL_INDEX);
  await fs.writeFile(path.join(dir, 'main.3f2a9c1b7d.js'), 'console.log("shell")');
  await fs.writeFile(path.join(dir, 'remoteEntry.js'), 'var shell = {}');
  await fs.mkdir(path.join(dir, 'embed'));
  await fs.writeFile(path.join(dir, 'embed', 'cuota_store_embed.js'), EMBED_HOST);
  return dir;
}
