// A three-node NATS cluster with JetStream (Debian's nats-server), one node per host, and the
// step that puts every stream at three replicas once the services have declared them.
import fs from 'node:fs';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { ProcessSpec } from '../launcher/supervisor.ts';
import { NATS_CLIENT_PORT, NATS_HOSTS, natsUrl, type Host } from './hosts.ts';

const ROUTE_PORT = 6222;
const MONITOR_PORT = 8222;
export const REPLICAS = 3;

const nodeName = (i: number) => `nats${i + 1}`;

function nodeConfig(i: number, storeDir: string): string {
  const h = NATS_HOSTS[i]!;
  const routes = NATS_HOSTS.filter((_, j) => j !== i).map(
    (o) => `nats://${o.address}:${ROUTE_PORT}`,
  );
  return `server_name: ${nodeName(i)}
listen: ${h.address}:${NATS_CLIENT_PORT}
http: ${h.address}:${MONITOR_PORT}
jetstream { store_dir: "${storeDir}", max_memory_store: 256MB, max_file_store: 2GB }
cluster {
  name: cuota-scale
  listen: ${h.address}:${ROUTE_PORT}
  routes: [${routes.join(', ')}]
}
`;
}

/** The three nodes' process specs; each node's store starts empty under `dir`. */
export function natsNodes(dir: string): ProcessSpec[] {
  return NATS_HOSTS.map((h, i) => {
    const storeDir = path.join(dir, nodeName(i));
    fs.rmSync(storeDir, { recursive: true, force: true });
    fs.mkdirSync(storeDir, { recursive: true });
    const configFile = path.join(dir, `${nodeName(i)}.conf`);
    fs.writeFileSync(configFile, nodeConfig(i, storeDir));
    return {
      name: nodeName(i),
      command: '/usr/sbin/nats-server',
      args: ['-c', configFile],
      cwd: dir,
      env: {},
      netns: h.netns,
      // Answers 200 once JetStream's meta group has a leader and this node is current.
      readyUrl: `http://${h.address}:${MONITOR_PORT}/healthz`,
    };
  });
}

/** A connection to the cluster through any live node. */
export function connectCluster(hosts: Host[] = NATS_HOSTS) {
  return connect({ servers: hosts.map(natsUrl), name: 'scale-out', maxReconnectAttempts: -1 });
}

/**
 * Scales every stream to three replicas (their durable consumers follow). The services declare
 * their streams at start, and ensureStream keeps the replica count it finds, so a restart does
 * not undo this: an operator scales them once after the first deploy.
 */
export async function scaleStreams(): Promise<void> {
  const nc = await connectCluster();
  try {
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list())
      if (info.config.num_replicas !== REPLICAS)
        await jsm.streams.update(info.config.name, { ...info.config, num_replicas: REPLICAS });
  } finally {
    await nc.close();
  }
}
