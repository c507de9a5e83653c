// Builds and removes the cluster's hosts: one network namespace per host, each joined to a
// bridge in the root namespace by a veth pair (ADR 0086). Needs root (CI runs as root).
import { execFileSync } from 'node:child_process';
import { ALL_HOSTS, BRIDGE, PREFIX_LENGTH, type Host } from './hosts.ts';

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' }).toString();
const inHost = (h: Host, ...args: string[]) => ip('netns', 'exec', h.netns, 'ip', ...args);

/** The veth ends: the root side on the bridge, the host side inside the namespace. */
const vethOf = (h: Host) => ({ root: `${h.netns}-r`.slice(0, 15), inside: 'eth0' });

export function createNetwork(): void {
  removeNetwork();
  ip('link', 'add', BRIDGE.name, 'type', 'bridge');
  ip('addr', 'add', `${BRIDGE.address}/${PREFIX_LENGTH}`, 'dev', BRIDGE.name);
  ip('link', 'set', BRIDGE.name, 'up');
  for (const h of ALL_HOSTS) addHost(h);
}

function addHost(h: Host): void {
  const veth = vethOf(h);
  ip('netns', 'add', h.netns);
  ip('link', 'add', veth.root, 'type', 'veth', 'peer', 'name', veth.inside, 'netns', h.netns);
  ip('link', 'set', veth.root, 'master', BRIDGE.name, 'up');
  inHost(h, 'addr', 'add', `${h.address}/${PREFIX_LENGTH}`, 'dev', veth.inside);
  inHost(h, 'link', 'set', veth.inside, 'up');
  inHost(h, 'link', 'set', 'lo', 'up');
}

/**
 * Removes every host and the bridge, whatever a failed run left behind: first the processes
 * still running inside a namespace (all started by this cluster), then the namespace (its veth
 * goes with it), then the bridge.
 */
export function removeNetwork(): void {
  const existing = ip('netns', 'list');
  for (const h of ALL_HOSTS) {
    if (!existing.split('\n').some((line) => line.split(' ')[0] === h.netns)) continue;
    for (const pid of ip('netns', 'pids', h.netns).split('\n').filter(Boolean))
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    ip('netns', 'del', h.netns);
  }
  if (ip('link', 'show').includes(`${BRIDGE.name}:`)) ip('link', 'del', BRIDGE.name);
}

// `node infra/scale-out/network.ts remove`: what a killed run left behind, gone.
if (import.meta.main && process.argv[2] === 'remove') removeNetwork();
