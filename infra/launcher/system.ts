import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from '../build/build-all.ts';
import { readVersions, remotesDir, versionsFile } from '../build/remote-versions.ts';
import { runCommand } from '../lib/run-command.ts';
import { repoRoot } from '../lib/workspaces.ts';
import { checkInfrastructure, checkPortsFree } from './preflight.ts';
import {
  PROFILES,
  REMOTES,
  SERVICES,
  databaseUrl,
  httpUrl,
  publicUrl,
  type Profile,
  type RemoteName,
  type ServiceName,
} from './profiles.ts';
// Type-only: infra runs as plain Node type-stripped TS, contracts' runtime is bundled elsewhere.
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import { loadOrCreateSecrets, type Secrets } from './secrets.ts';
import { extraNodeFlags } from './node-flags.ts';
import { sourceMapFlags } from './source-maps.ts';
import { Supervisor, type ProcessSpec } from './supervisor.ts';

export type { DemoAccess };

export interface System {
  profile: Profile;
  demo: DemoAccess;
  urls: {
    portal: string;
    guardianLogin: string;
    dashboardLogin: string;
    mailbox: string;
    gateway: string;
    pac: string;
    oidc: string;
    whatsapp: string;
    messaging: string;
    slack: string;
    schoolSite: string;
  };
  supervisor: Supervisor;
  stop: () => Promise<void>;
}

export interface StartOptions {
  build?: boolean;
  /** Copy every process's output to this console (logs always go to .cuota/<profile>/logs). */
  echo?: boolean;
}

export function stateDir(profile: Profile): string {
  return path.join(repoRoot, '.cuota', profile.name);
}

/** Checks, builds, seeds and starts every process of the system; resolves when all answer. */
export async function startSystem(
  name: Profile['name'],
  options: StartOptions = {},
): Promise<System> {
  const profile = PROFILES[name];
  await checkInfrastructure(profile);
  await checkPortsFree(profile.host, allPorts(profile));
  const secrets = loadOrCreateSecrets(stateDir(profile));
  if (options.build) await buildAll({ quiet: !options.echo });
  assertBuilt();
  const demo = await seedDemoSchool(profile, secrets);
  const supervisor = new Supervisor(path.join(stateDir(profile), 'logs'), options.echo ?? false);
  try {
    await Promise.all([
      supervisor.start(smtpSandbox(profile)),
      supervisor.start(gatewaySandbox(profile, secrets)),
      supervisor.start(pacSandbox(profile, secrets)),
      supervisor.start(oidcSandbox(profile)),
      supervisor.start(whatsappSandbox(profile, secrets)),
      supervisor.start(messagingSandbox(profile, secrets)),
      supervisor.start(slackSandbox(profile, secrets)),
    ]);
    await Promise.all(SERVICES.map((s) => supervisor.start(service(profile, secrets, s))));
    await seedMoney(profile, secrets, demo);
    await Promise.all(REMOTES.map((r) => supervisor.start(remote(profile, r))));
    await supervisor.start(bff(profile, secrets));
    await supervisor.start(schoolSite(profile, demo));
  } catch (err) {
    await supervisor.stopAll();
    throw err;
  }
  const portal = publicUrl(profile);
  return {
    profile,
    demo,
    supervisor,
    urls: {
      portal: `${portal}/`,
      guardianLogin: `${portal}/guardians/${demo.guardian_hash}/login`,
      dashboardLogin: `${portal}/dashboard/login`,
      mailbox: `${httpUrl(profile, profile.mailboxPort)}/`,
      gateway: `${httpUrl(profile, profile.gatewayPort)}/`,
      pac: `${httpUrl(profile, profile.pacPort)}/`,
      oidc: `${httpUrl(profile, profile.oidcPort)}/authorize?client_id=${OIDC_CLIENT_ID}`,
      whatsapp: `${httpUrl(profile, profile.whatsappPort)}/_sandbox/messages`,
      messaging: `${httpUrl(profile, profile.messagingPort)}/_sandbox/conversations`,
      slack: `${httpUrl(profile, profile.slackPort)}/_sandbox/alerts`,
      schoolSite: `${httpUrl(profile, profile.schoolSitePort)}/`,
    },
    stop: () => supervisor.stopAll(),
  };
}

function allPorts(p: Profile): number[] {
  return [
    p.bffPort,
    p.bffMetricsPort,
    p.smtpPort,
    p.mailboxPort,
    p.gatewayPort,
    p.pacPort,
    p.oidcPort,
    p.whatsappPort,
    p.messagingPort,
    p.slackPort,
    p.schoolSitePort,
    ...Object.values(p.remotePorts),
    ...Object.values(p.servicePorts),
  ];
}

/** Who the BFF's and the services' e-mails come from. */
const MAIL_FROM = 'Cuota <no-responder@cuota.mx>';

const builtEntries = [
  'bff/dist/main.cjs',
  ...SERVICES.map((s) => `services/${s}/dist/main.cjs`),
  'services/enrolment/dist/seed-main.cjs',
  'shell/dist/index.html',
];

/** Each remote's served version (a build publishes and points at it: ADR 0078). */
const servedManifest = (r: RemoteName) =>
  path.join(remotesDir(), r, readVersions()[r] ?? 'none', 'mf-manifest.json');

function assertBuilt(): void {
  const missing = [
    ...builtEntries.filter((f) => !fs.existsSync(path.join(repoRoot, f))),
    ...REMOTES.map(servedManifest).filter((f) => !fs.existsSync(f)),
  ];
  if (missing.length) throw new Error(`Not built yet (${missing.join(', ')}). Run: npm run build`);
}

function serviceEnv(profile: Profile, secrets: Secrets, s: ServiceName): Record<string, string> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    HOST: profile.host,
    PORT: String(profile.servicePorts[s]),
    DATABASE_URL: databaseUrl(profile, s),
    NATS_URL: profile.natsUrl,
    NATS_PREFIX: profile.natsPrefix,
    IDENTITY_PUBLIC_JWK: secrets.identityPublicJwk,
    // Enrolment builds guardians' portal links (portal_url) on the portal host, and e-mails
    // staff invitations through the SMTP sandbox; invoicing e-mails invoices (XML and PDF);
    // notifications e-mails reminders and receipts with a link to the portal.
    ...(s === 'enrolment' || s === 'invoicing' || s === 'notifications'
      ? {
          PUBLIC_URL: publicUrl(profile),
          SMTP_URL: `smtp://${profile.host}:${profile.smtpPort}`,
          MAIL_FROM: MAIL_FROM,
        }
      : {}),
    // Payments charges through the gateway sandbox (the school's use_kushki_sandbox) and
    // keeps gateway credentials encrypted; the seed stores the demo merchant's.
    ...(s === 'payments'
      ? {
          KUSHKI_SANDBOX_URL: httpUrl(profile, profile.gatewayPort),
          // The portal frames this form (its origin is the shell's GATEWAY_FORM_ORIGIN).
          KUSHKI_SANDBOX_FORM_URL: `${httpUrl(profile, profile.gatewayPort)}/hosted/card-form`,
          PAYMENTS_SECRETS_KEY: secrets.paymentsSecretsKey,
          GATEWAY_WEBHOOK_SECRET: secrets.gatewayWebhookSecret,
          // Transfer proofs outlive a restart with the rest of the profile's state (ADR 0045).
          PAYMENTS_PROOF_DIR: path.join(stateDir(profile), 'payment-proofs'),
        }
      : {}),
    // Notifications sends WhatsApp through the sandbox (ADR 0075), which signs its webhooks.
    ...(s === 'notifications'
      ? {
          WHATSAPP_API_URL: `${httpUrl(profile, profile.whatsappPort)}/v21.0`,
          ...whatsappAccount(secrets),
          ...messagingAccounts(secrets),
          // Alerts go to the Slack sandbox's channel; its presses are signed (ADR 0103).
          SLACK_SIGNING_SECRET: secrets.slackSigningSecret,
          SLACK_ALERTS_WEBHOOK_URL: slackWebhookUrl(profile),
        }
      : {}),
    // Invoicing stamps through the PAC sandbox (SW sapien's API, SAT's consulta at the same
    // address) and keeps CSDs encrypted.
    ...(s === 'invoicing'
      ? {
          PAC_URL: httpUrl(profile, profile.pacPort),
          ...pacAccount(secrets),
          SAT_CONSULTA_URL: `${httpUrl(profile, profile.pacPort)}/ConsultaCFDIService.svc`,
          INVOICING_SECRETS_KEY: secrets.invoicingSecretsKey,
          PUBLIC_URL: publicUrl(profile),
        }
      : {}),
  };
}

/** The demo school's merchant in the gateway sandbox (payments' seed stores the same ids). */
export const DEMO_MERCHANT = {
  merchant_id: '20000000100000000001',
  public_merchant_id: 'demo-public-merchant',
  private_merchant_id: 'demo-private-merchant',
};

/**
 * Billing's, payments', invoicing's and notifications' demo data (concepts and a billed month,
 * the merchant's credentials, the fiscal entity and CSD, reminders by e-mail and WhatsApp): run once their services answer, since each waits
 * for its read models to hold the demo school. Idempotent, like enrolment's seed. `netns`: run
 * them on that host (the scale-out cluster's edge, where the PAC's control routes, which take
 * loopback callers only, answer on 127.0.0.1).
 */
export async function seedMoney(
  profile: Profile,
  secrets: Secrets,
  demo: DemoAccess,
  netns?: string,
): Promise<void> {
  const seeded = (['billing', 'payments', 'invoicing', 'notifications'] as const).filter((s) =>
    fs.existsSync(path.join(repoRoot, `services/${s}/dist/seed-main.cjs`)),
  );
  const [command, prefix] = netns
    ? ['ip', ['netns', 'exec', netns, process.execPath]]
    : [process.execPath, []];
  const pacHost = netns ? '127.0.0.1' : profile.host;
  await Promise.all(
    seeded.map((s) =>
      runCommand(`seed-${s}`, command, [...prefix, `services/${s}/dist/seed-main.cjs`], {
        cwd: repoRoot,
        env: {
          ...serviceEnv(profile, secrets, s),
          DEMO_SCHOOL_ID: demo.school_id,
          // Invoicing registers the demo school and families in the PAC's stand-in registry.
          PAC_SANDBOX_URL: `http://${pacHost}:${profile.pacPort}`,
        },
        quiet: true,
      }),
    ),
  );
}

export async function seedDemoSchool(profile: Profile, secrets: Secrets): Promise<DemoAccess> {
  const output = await runCommand(
    'seed',
    process.execPath,
    ['services/enrolment/dist/seed-main.cjs'],
    {
      cwd: repoRoot,
      env: serviceEnv(profile, secrets, 'enrolment'),
      quiet: true,
    },
  );
  const line = output
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"school_id"'));
  if (!line) throw new Error(`The seed printed no demo access:\n${output.slice(-2000)}`);
  return JSON.parse(line) as DemoAccess;
}

/**
 * A service's heap budget (ADR 0034): by default V8 let billing sit at ~190 MB RSS after a
 * minute of list reads; with 4 MB semi-spaces and old space capped it stays near 135 MB.
 */
export const SERVICE_HEAP_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=128'];

export function service(profile: Profile, secrets: Secrets, s: ServiceName): ProcessSpec {
  return {
    name: s,
    args: [
      ...SERVICE_HEAP_FLAGS,
      ...extraNodeFlags('service'),
      ...sourceMapFlags(),
      `services/${s}/dist/main.cjs`,
    ],
    cwd: repoRoot,
    env: serviceEnv(profile, secrets, s),
    readyUrl: `${httpUrl(profile, profile.servicePorts[s])}/readyz`,
  };
}

function remote(profile: Profile, r: RemoteName): ProcessSpec {
  const port = profile.remotePorts[r];
  return {
    name: `mfe-${r}`,
    args: ['infra/static-server/main.ts'],
    cwd: repoRoot,
    // The remote's CDN folder: every published version, each under its own path.
    env: { PORT: String(port), DIST_DIR: path.join(remotesDir(), r) },
    readyUrl: `${httpUrl(profile, port)}/${readVersions()[r]}/mf-manifest.json`,
  };
}

/** The BFF fills `[version]` from the versions file, read again when it changes. */
export function remoteEntry(profile: Profile, r: RemoteName): string {
  return `${httpUrl(profile, profile.remotePorts[r])}/[version]/mf-manifest.json`;
}

export function smtpSandbox(profile: Profile): ProcessSpec {
  return {
    name: 'smtp-sandbox',
    args: ['infra/sandboxes/smtp/main.ts'],
    cwd: repoRoot,
    env: { SMTP_PORT: String(profile.smtpPort), HTTP_PORT: String(profile.mailboxPort) },
    readyUrl: `${httpUrl(profile, profile.mailboxPort)}/messages`,
  };
}

export function gatewaySandbox(profile: Profile, secrets: Secrets): ProcessSpec {
  const merchantsFile = path.join(stateDir(profile), 'gateway-merchants.json');
  fs.mkdirSync(stateDir(profile), { recursive: true });
  fs.writeFileSync(
    merchantsFile,
    JSON.stringify([
      {
        ...DEMO_MERCHANT,
        // The gateway notifies through the public entry point, as the real one would.
        webhook_url: new URL('/api/v1/kushki_checkout/notifications/', publicUrl(profile)).href,
        subscription_webhook_url: new URL(
          '/api/v1/subscriptions/notifications/',
          publicUrl(profile),
        ).href,
        // Without it payouts and bank refunds would stay in process: no status ever arrives.
        payout_webhook_url: new URL('/api/v1/kushki/payout_status/', publicUrl(profile)).href,
        webhook_signature: secrets.gatewayWebhookSecret,
      },
    ]),
    { mode: 0o600 },
  );
  return {
    name: 'gateway-sandbox',
    args: ['infra/sandboxes/gateway/main.ts'],
    cwd: repoRoot,
    env: {
      PORT: String(profile.gatewayPort),
      GATEWAY_MERCHANTS_FILE: merchantsFile,
      // The hosted card form may be framed only by the portal.
      GATEWAY_ALLOWED_PARENTS: new URL(publicUrl(profile)).origin,
    },
    readyUrl: `${httpUrl(profile, profile.gatewayPort)}/_sandbox/behaviour`,
  };
}

/** The SW account invoicing signs in with, which the PAC sandbox knows. */
function pacAccount(secrets: Secrets) {
  return { PAC_USER: 'facturacion@cuota.mx', PAC_PASSWORD: secrets.pacPassword };
}

export function pacSandbox(profile: Profile, secrets: Secrets): ProcessSpec {
  return {
    name: 'pac-sandbox',
    args: ['infra/sandboxes/pac/main.ts'],
    cwd: repoRoot,
    env: {
      PORT: String(profile.pacPort),
      ...pacAccount(secrets),
      PAC_STATE_FILE: path.join(stateDir(profile), 'pac-state.json'),
    },
    readyUrl: `${httpUrl(profile, profile.pacPort)}/_sandbox/taxpayers`,
  };
}

/** The app's client id at the OIDC sandbox: the audience the BFF requires of its ID tokens. */
const OIDC_CLIENT_ID = 'cuota-app';

/** The demo school's own web site, with its store embedded both ways (ADR 0067). */
function schoolSite(profile: Profile, demo: DemoAccess): ProcessSpec {
  return {
    name: 'school-site',
    args: ['infra/sandboxes/school-site/main.ts'],
    cwd: repoRoot,
    env: {
      PORT: String(profile.schoolSitePort),
      CUOTA_URL: publicUrl(profile),
      SCHOOL_ID: demo.school_id,
      SCHOOL_NAME: demo.school_name,
    },
    readyUrl: `${httpUrl(profile, profile.schoolSitePort)}/`,
  };
}

export function oidcSandbox(profile: Profile): ProcessSpec {
  return {
    name: 'oidc-sandbox',
    args: ['infra/sandboxes/oidc/main.ts'],
    cwd: repoRoot,
    env: { PORT: String(profile.oidcPort), OIDC_CLIENT_IDS: OIDC_CLIENT_ID },
    readyUrl: `${httpUrl(profile, profile.oidcPort)}/.well-known/openid-configuration`,
  };
}

/** Notifications' WhatsApp business account, which the WhatsApp sandbox knows. */
function whatsappAccount(secrets: Secrets): Record<string, string> {
  return {
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_TOKEN: secrets.whatsappToken,
    WHATSAPP_APP_SECRET: secrets.whatsappAppSecret,
  };
}

export function whatsappSandbox(profile: Profile, secrets: Secrets): ProcessSpec {
  return {
    name: 'whatsapp-sandbox',
    args: ['infra/sandboxes/whatsapp/main.ts'],
    cwd: repoRoot,
    env: {
      PORT: String(profile.whatsappPort),
      ...whatsappAccount(secrets),
      // Meta calls the BFF, which forwards the signed bytes to notifications (the launcher
      // runs unbundled, so it cannot import the contract's definition: whatsAppWebhook.path).
      WHATSAPP_WEBHOOK_URL: new URL('/api/v1/whatsapp/webhook/', publicUrl(profile)).href,
    },
    readyUrl: `${httpUrl(profile, profile.whatsappPort)}/_sandbox/messages`,
  };
}

/** The Twilio and Treble secrets notifications checks and the messaging sandbox signs with. */
function messagingAccounts(secrets: Secrets): Record<string, string> {
  return {
    TWILIO_AUTH_TOKEN: secrets.twilioAuthToken,
    TREBLE_WEBHOOK_TOKEN: secrets.trebleWebhookToken,
  };
}

export function messagingSandbox(profile: Profile, secrets: Secrets): ProcessSpec {
  return {
    name: 'messaging-sandbox',
    args: ['infra/sandboxes/messaging/main.ts'],
    cwd: repoRoot,
    env: {
      PORT: String(profile.messagingPort),
      ...messagingAccounts(secrets),
      // The providers call the BFF's public address (the contracts' guardian_url paths).
      TWILIO_WEBHOOK_URL: new URL('/api/v1/twilio/guardian_url/', publicUrl(profile)).href,
      TREBLE_WEBHOOK_URL: new URL('/api/v1/treble/guardian_url/', publicUrl(profile)).href,
    },
    readyUrl: `${httpUrl(profile, profile.messagingPort)}/_sandbox/conversations`,
  };
}

/** The operations channel's incoming webhook, as the Slack sandbox serves it. */
const slackWebhookUrl = (profile: Profile) =>
  `${httpUrl(profile, profile.slackPort)}/services/T0CUOTA/B0ALERTS/sandbox`;

export function slackSandbox(profile: Profile, secrets: Secrets): ProcessSpec {
  return {
    name: 'slack-sandbox',
    args: ['infra/sandboxes/slack/main.ts'],
    cwd: repoRoot,
    env: {
      PORT: String(profile.slackPort),
      SLACK_SIGNING_SECRET: secrets.slackSigningSecret,
      // Slack calls the BFF's public address (the contract's slackInteraction path).
      SLACK_INTERACTION_URL: new URL('/api/v1/slack/interaction/', publicUrl(profile)).href,
    },
    readyUrl: `${httpUrl(profile, profile.slackPort)}/_sandbox/alerts`,
  };
}

/** Guardians' external sign-in: Google and Apple are both played by the OIDC sandbox. */
function oidcProviders(profile: Profile): string {
  const sandbox = httpUrl(profile, profile.oidcPort);
  const provider = { issuer: sandbox, jwks_url: `${sandbox}/jwks`, client_id: OIDC_CLIENT_ID };
  return JSON.stringify({ google: provider, apple: provider });
}

/**
 * Young generation 8 MB per semi-space (shorter scavenges), old generation at most 160 MB.
 * Scavenges on the main thread alone: with the services, PostgreSQL and the clients on the same
 * cores, a parallel scavenge waited for its helper threads (4.5–6.1 ms a pause against 1.9–2.8,
 * ADR 0122).
 */
export const BFF_HEAP_FLAGS = [
  '--max-semi-space-size=8',
  '--max-old-space-size=160',
  '--no-parallel-scavenge',
];

export function bff(profile: Profile, secrets: Secrets): ProcessSpec {
  const services = Object.fromEntries(
    SERVICES.map((s) => [`${s.toUpperCase()}_URL`, httpUrl(profile, profile.servicePorts[s])]),
  );
  return {
    name: 'bff',
    // A heap budget (ADR 0024): left alone, V8 lets garbage grow to ~4× the live heap under
    // load (65 MB live, 440 MB RSS at 1,350 guardian.me/s); capped, the BFF stays near 225 MB.
    args: [...BFF_HEAP_FLAGS, ...extraNodeFlags('bff'), ...sourceMapFlags(), 'bff/dist/main.cjs'],
    cwd: repoRoot,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      HOST: profile.host,
      PORT: String(profile.bffPort),
      METRICS_PORT: String(profile.bffMetricsPort),
      REDIS_URL: profile.redisUrl,
      REDIS_PREFIX: profile.redisPrefix,
      // Enrolment's events keep the BFF's guardian.me answers true (ADR 0024).
      NATS_URL: profile.natsUrl,
      NATS_PREFIX: profile.natsPrefix,
      SESSION_SECRET: secrets.sessionSecret,
      IDENTITY_PRIVATE_JWK: secrets.identityPrivateJwk,
      ...services,
      REMOTE_PORTAL_ENTRY: remoteEntry(profile, 'portal'),
      REMOTE_DASHBOARD_ENTRY: remoteEntry(profile, 'dashboard'),
      REMOTE_STORE_ENTRY: remoteEntry(profile, 'store'),
      REMOTE_VERSIONS_FILE: versionsFile(),
      SHELL_DIST_DIR: path.join(repoRoot, 'shell', 'dist'),
      SMTP_URL: `smtp://${profile.host}:${profile.smtpPort}`,
      MAIL_FROM,
      PUBLIC_URL: publicUrl(profile),
      // The same portal reached by address (sign-in and sign-out may send a browser back there).
      ALLOWED_ORIGINS: httpUrl(profile, profile.bffPort),
      // The portal frames the gateway's hosted card form (CSP frame-src).
      GATEWAY_FORM_ORIGIN: httpUrl(profile, profile.gatewayPort),
      OIDC_PROVIDERS: oidcProviders(profile),
      // The DSN the shell was built with (spec §9); unset, pages send nothing anywhere.
      ...(process.env.SENTRY_DSN ? { SENTRY_DSN: process.env.SENTRY_DSN } : {}),
      ...(profile.name === 'bench' ? { RATE_LIMIT_API_PER_MINUTE: '100000000' } : {}),
    },
    readyUrl: `${httpUrl(profile, profile.bffPort)}/readyz`,
  };
}
