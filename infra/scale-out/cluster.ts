// Starts the scale-out cluster (ADR 0086): three NATS nodes, two application hosts each running
// the BFF and every service, the edge's load balancer and sandboxes, PostgreSQL and Redis
// forwarded from the root namespace. Always torn down by stop(), also when starting fails.
import fs from 'node:fs';
import path from 'node:path';
import { PROFILES, SERVICES, type Profile, type ServiceName } from '../launcher/profiles.ts';
import { resetState } from '../launcher/reset-state.ts';
import { loadOrCreateSecrets, type Secrets } from '../launcher/secrets.ts';
import { Supervisor, type ProcessSpec } from '../launcher/supervisor.ts';
import {
  bff,
  gatewaySandbox,
  messagingSandbox,
  oidcSandbox,
  pacSandbox,
  seedDemoSchool,
  seedMoney,
  service,
  smtpSandbox,
  stateDir,
  whatsappSandbox,
  type DemoAccess,
} from '../launcher/system.ts';
import { databaseForward, loadBalancer } from './haproxy.ts';
import { APP_HOSTS, EDGE, NATS_HOSTS, natsUrl, type AppHost, type Host } from './hosts.ts';
import { natsNodes, scaleStreams } from './nats-cluster.ts';
import { createNetwork, removeNetwork } from './network.ts';

export interface ScaleOut {
  profile: Profile;
  demo: DemoAccess;
  secrets: Secrets;
  supervisor: Supervisor;
  /** The load balancer's address for browsers and clients. */
  publicUrl: string;
  /** One BFF instance, by-passing the load balancer. */
  bffUrl: (host: AppHost) => string;
  /** SIGKILL, no goodbye: the process is not restarted while the cluster runs. */
  kill: (process: string) => void;
  stop: () => Promise<void>;
}

export const instanceName = (part: ServiceName | 'bff', host: AppHost) => `${part}-${host}`;

/** A killed process stays dead: the test decides what failed, not the supervisor. */
const NEVER_MS = 24 * 3600_000;

export async function startScaleOut({ echo = false } = {}): Promise<ScaleOut> {
  const profile = PROFILES.scale;
  const dir = stateDir(profile);
  fs.mkdirSync(dir, { recursive: true });
  const killed = new Set<string>();
  const supervisor = new Supervisor(path.join(dir, 'logs'), echo, {
    backoffMs: [NEVER_MS],
    // A process the proofs killed is no news; any other exit is told.
    announce: (line) => {
      if (![...killed].some((name) => line.startsWith(`↻ ${name} `))) console.error(line);
    },
  });
  const stop = async () => {
    await supervisor.stopAll();
    removeNetwork();
  };
  try {
    createNetwork();
    const secrets = loadOrCreateSecrets(dir);
    const demo = await startAll(profile, dir, secrets, supervisor);
    return {
      profile,
      demo,
      secrets,
      supervisor,
      publicUrl: `http://${EDGE.address}:${profile.bffPort}`,
      bffUrl: (h) => `http://${APP_HOSTS[h].address}:${profile.bffPort}`,
      kill: (name) => {
        const pid = supervisor.pid(name);
        if (!pid) throw new Error(`${name} is not running`);
        killed.add(name);
        process.kill(pid, 'SIGKILL');
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function startAll(
  profile: Profile,
  dir: string,
  secrets: Secrets,
  supervisor: Supervisor,
): Promise<DemoAccess> {
  const start = (specs: ProcessSpec[]) => Promise.all(specs.map((s) => supervisor.start(s)));
  await supervisor.start(databaseForward(dir));
  await resetState(profile);
  await start(natsNodes(dir));
  await start(sandboxes(profile, secrets));
  const demo = await seedDemoSchool(profile, secrets);
  await start(SERVICES.map((s) => serviceOn('a', profile, secrets, s)));
  await scaleStreams();
  await Promise.all([
    start(SERVICES.map((s) => serviceOn('b', profile, secrets, s))),
    seedMoney(profile, secrets, demo, EDGE.netns),
  ]);
  await start((['a', 'b'] as const).map((h) => bffOn(h, profile, secrets)));
  await supervisor.start(loadBalancer(dir, profile));
  return demo;
}

/** Each app host reaches the cluster through its own seed node; the client learns the rest. */
const seedNode: Record<AppHost, Host> = { a: NATS_HOSTS[0]!, b: NATS_HOSTS[1]! };

function onHost(spec: ProcessSpec, h: AppHost, port: number): ProcessSpec {
  const host = APP_HOSTS[h];
  return {
    ...spec,
    name: `${spec.name}-${h}`,
    netns: host.netns,
    env: { ...spec.env, HOST: host.address, NATS_URL: natsUrl(seedNode[h]) },
    readyUrl: `http://${host.address}:${port}/readyz`,
  };
}

/**
 * Ten service instances share one PostgreSQL (max_connections 100 here, with other work on it):
 * three connections each, not the default ten.
 */
const POOL_PER_INSTANCE = '3';

const serviceOn = (h: AppHost, profile: Profile, secrets: Secrets, s: ServiceName) => {
  const spec = onHost(service(profile, secrets, s), h, profile.servicePorts[s]);
  return { ...spec, env: { ...spec.env, DATABASE_POOL_MAX: POOL_PER_INSTANCE } };
};

const bffOn = (h: AppHost, profile: Profile, secrets: Secrets) =>
  onHost(bff(profile, secrets), h, profile.bffPort);

/** The outside world's stand-ins, on the edge host beside the load balancer. */
function sandboxes(profile: Profile, secrets: Secrets): ProcessSpec[] {
  return [
    smtpSandbox(profile),
    gatewaySandbox(profile, secrets),
    pacSandbox(profile, secrets),
    oidcSandbox(profile),
    whatsappSandbox(profile, secrets),
    messagingSandbox(profile, secrets),
  ].map((spec) => ({
    ...spec,
    netns: EDGE.netns,
    env: { ...spec.env, HOST: '0.0.0.0' },
    // The PAC's /_sandbox routes answer loopback callers only: it is ready when it serves.
    readyUrl: spec.name === 'pac-sandbox' ? new URL('/', spec.readyUrl).href : spec.readyUrl,
  }));
}
