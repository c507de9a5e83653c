// Debian's HAProxy in two roles (ADR 0086): the load balancer on the edge host, in front of
// the two BFFs and of each service's two instances; and, in the root namespace, a TCP forward
// of PostgreSQL and Redis (which listen on 127.0.0.1 only) to the bridge's address.
import fs from 'node:fs';
import path from 'node:path';
import type { Profile } from '../launcher/profiles.ts';
import { SERVICES } from '../launcher/profiles.ts';
import type { ProcessSpec } from '../launcher/supervisor.ts';
import { APP_HOSTS, BRIDGE, EDGE } from './hosts.ts';

const READY_PORT = 8404;
const READY_PATH = '/haproxy-ready';

const ready = (address: string) => `frontend ready
  mode http
  bind ${address}:${READY_PORT}
  monitor-uri ${READY_PATH}
`;

/**
 * One frontend per port, round robin over both app hosts. Health checks on /readyz take a dead
 * instance out within a second; a connection refused is retried on the other instance
 * (`retry-on conn-failure`: nothing was sent yet, so even a payment may go again). A request
 * cut mid-way is the client's to repeat, with its Idempotency-Key.
 */
function balanced(name: string, port: number): string {
  const servers = Object.entries(APP_HOSTS).map(
    ([id, h]) => `  server ${name}-${id} ${h.address}:${port} check`,
  );
  return `frontend ${name}
  bind ${EDGE.address}:${port}
  default_backend ${name}
backend ${name}
  balance roundrobin
  option httpchk GET /readyz
  default-server inter 500ms fall 2 rise 2
${servers.join('\n')}
`;
}

export function loadBalancerConfig(profile: Profile): string {
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  option redispatch
  retries 3
  retry-on conn-failure
${ready(EDGE.address)}
${balanced('bff', profile.bffPort)}
${SERVICES.map((s) => balanced(s, profile.servicePorts[s])).join('\n')}`;
}

/** Pools and LISTEN connections sit idle for long: the tunnels never time out on their own. */
export function databaseForwardConfig(): string {
  const forward = (name: string, port: number) => `listen ${name}
  bind ${BRIDGE.address}:${port}
  server ${name} 127.0.0.1:${port}
`;
  return `global
  maxconn 4096
defaults
  mode tcp
  timeout connect 1s
  timeout client 24h
  timeout server 24h
${ready(BRIDGE.address)}
${forward('postgresql', 5432)}
${forward('redis', 6379)}`;
}

function haproxy(
  name: string,
  dir: string,
  config: string,
  address: string,
  netns?: string,
): ProcessSpec {
  const file = path.join(dir, `${name}.cfg`);
  fs.writeFileSync(file, config);
  return {
    name,
    command: '/usr/sbin/haproxy',
    // -db: stay in the foreground, so the supervisor owns the process.
    args: ['-db', '-f', file],
    cwd: dir,
    env: {},
    ...(netns ? { netns } : {}),
    readyUrl: `http://${address}:${READY_PORT}${READY_PATH}`,
  };
}

export const loadBalancer = (dir: string, profile: Profile) =>
  haproxy('haproxy-edge', dir, loadBalancerConfig(profile), EDGE.address, EDGE.netns);

export const databaseForward = (dir: string) =>
  haproxy('haproxy-data', dir, databaseForwardConfig(), BRIDGE.address);
