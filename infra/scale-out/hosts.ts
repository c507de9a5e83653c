// The scale-out cluster's hosts (ADR 0086): network namespaces on one bridge in the root
// namespace. Every host keeps dev's ports (each namespace has its own), so only the addresses
// differ; nothing here is reachable from outside this machine.

/** The bridge in the root namespace; its address is the database host (PostgreSQL, Redis). */
export const BRIDGE = { name: 'cso-br0', address: '10.77.0.1' };
export const PREFIX_LENGTH = 24;

export interface Host {
  /** The network namespace (`ip netns`). */
  netns: string;
  address: string;
}

const host = (name: string, address: string): Host => ({ netns: `cso-${name}`, address });

/** The load balancer, and the outside world's stand-ins (card gateway, PAC, SMTP, OIDC, WhatsApp). */
export const EDGE = host('edge', '10.77.0.5');
export const NATS_HOSTS = [
  host('nats1', '10.77.0.11'),
  host('nats2', '10.77.0.12'),
  host('nats3', '10.77.0.13'),
];
/** Two application hosts: each runs one BFF and one instance of every service. */
export const APP_HOSTS = { a: host('app-a', '10.77.0.21'), b: host('app-b', '10.77.0.22') };
export type AppHost = keyof typeof APP_HOSTS;

export const ALL_HOSTS: Host[] = [EDGE, ...NATS_HOSTS, ...Object.values(APP_HOSTS)];

export const NATS_CLIENT_PORT = 4222;
export const natsUrl = (h: Host): string => `nats://${h.address}:${NATS_CLIENT_PORT}`;
