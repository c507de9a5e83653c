// The ways the whole system runs on one machine: `dev` (npm start), `e2e` (the browser
// journeys) and `bench` (npm run bench). They never share ports, databases, Redis keys
// or NATS subjects.

import { BRIDGE, EDGE, NATS_HOSTS, natsUrl } from '../scale-out/hosts.ts';

export const SERVICES = ['enrolment', 'billing', 'payments', 'invoicing', 'notifications'] as const;
export type ServiceName = (typeof SERVICES)[number];
export const REMOTES = ['portal', 'dashboard', 'store'] as const;
export type RemoteName = (typeof REMOTES)[number];

export interface Profile {
  /** `scale`: the scale-out cluster on network namespaces (infra/scale-out, ADR 0086). */
  name: 'dev' | 'e2e' | 'bench' | 'scale';
  host: string;
  bffPort: number;
  /** The BFF's internal /metrics listener (ADR 0077). */
  bffMetricsPort: number;
  remotePorts: Record<RemoteName, number>;
  servicePorts: Record<ServiceName, number>;
  smtpPort: number;
  mailboxPort: number;
  /** The card gateway sandbox (Kushki's REST shapes, hosted card form). */
  gatewayPort: number;
  /** The PAC sandbox that stamps CFDI. */
  pacPort: number;
  /** The OpenID Connect sandbox (Google, Apple) guardians sign in with on the app. */
  oidcPort: number;
  /** The WhatsApp sandbox (Cloud API shapes) notifications sends reminders through. */
  whatsappPort: number;
  /** The Twilio/Treble sandbox: a family writing to the school's number (ADR 0094). */
  messagingPort: number;
  /** The Slack sandbox: Cuota's operations channel and an operator pressing (ADR 0103). */
  slackPort: number;
  /** A sample school web site embedding the demo store (its origin is registered). */
  schoolSitePort: number;
  databasePrefix: string;
  redisPrefix: string;
  natsPrefix: string;
  postgresUrl: string;
  redisUrl: string;
  natsUrl: string;
}

const infrastructure = {
  host: '127.0.0.1',
  postgresUrl: process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};

/** The dev ports, shifted by `offset` for the other profiles. */
function profile(
  name: Profile['name'],
  offset: number,
  ids: Pick<Profile, 'databasePrefix' | 'redisPrefix' | 'natsPrefix'>,
): Profile {
  return {
    name,
    ...infrastructure,
    ...ids,
    bffPort: 3000 + offset,
    bffMetricsPort: 3090 + offset,
    remotePorts: { portal: 3001 + offset, dashboard: 3002 + offset, store: 3003 + offset },
    servicePorts: {
      enrolment: 4001 + offset,
      billing: 4002 + offset,
      payments: 4003 + offset,
      invoicing: 4004 + offset,
      notifications: 4005 + offset,
    },
    smtpPort: 2525 + offset,
    mailboxPort: 8025 + offset,
    gatewayPort: 8090 + offset,
    pacPort: 8030 + offset,
    oidcPort: 8040 + offset,
    whatsappPort: 8050 + offset,
    messagingPort: 8060 + offset,
    slackPort: 8070 + offset,
    schoolSitePort: 3010 + offset,
  };
}

export const PROFILES: Record<Profile['name'], Profile> = {
  dev: profile('dev', 0, { databasePrefix: 'cuota', redisPrefix: 'cuota:', natsPrefix: '' }),
  e2e: profile('e2e', 10_000, {
    databasePrefix: 'cuota_e2e',
    redisPrefix: 'cuota-e2e:',
    natsPrefix: 'e2e',
  }),
  bench: profile('bench', 20_000, {
    databasePrefix: 'cuota_bench',
    redisPrefix: 'cuota-bench:',
    natsPrefix: 'bench',
  }),
  // Dev's ports on every host of the scale-out cluster (ADR 0086): the public address is the
  // edge's load balancer; PostgreSQL and Redis are forwarded on the bridge; NATS is its own.
  scale: {
    ...profile('scale', 0, {
      databasePrefix: 'cuota_scale',
      redisPrefix: 'cuota-scale:',
      natsPrefix: '',
    }),
    host: EDGE.address,
    postgresUrl: `postgres://postgres@${BRIDGE.address}:5432`,
    redisUrl: `redis://${BRIDGE.address}:6379`,
    natsUrl: natsUrl(NATS_HOSTS[0]!),
  },
};

export function databaseUrl(profile: Profile, service: ServiceName): string {
  return `${profile.postgresUrl}/${profile.databasePrefix}_${service}`;
}

export function httpUrl(profile: Profile, port: number): string {
  return `http://${profile.host}:${port}`;
}

export function publicUrl(profile: Profile): string {
  return profile.name === 'dev'
    ? `http://localhost:${profile.bffPort}`
    : httpUrl(profile, profile.bffPort);
}
