// What the proofs read back from the cluster, as an operator would: the services' databases,
// JetStream's own account of streams and consumers, and payments' ledger check.
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { databaseUrl, SERVICES, type Profile, type ServiceName } from '../launcher/profiles.ts';
import { runCommand } from '../lib/run-command.ts';
import { repoRoot } from '../lib/workspaces.ts';
import { NATS_HOSTS, natsUrl } from './hosts.ts';

export async function query<T>(
  profile: Profile,
  s: ServiceName,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(profile, s) });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface Replicated {
  name: string;
  /** Servers holding a copy: the leader and its followers. */
  replicas: number;
  /** Of those, the ones caught up (a follower starved of CPU may lag for a moment). */
  current: number;
  leader: string | undefined;
}

type ClusterInfo = { leader?: string; replicas?: { current: boolean }[] };

const copiesOf = (name: string, cluster: ClusterInfo | undefined): Replicated => ({
  name,
  replicas: 1 + (cluster?.replicas?.length ?? 0),
  current: 1 + (cluster?.replicas?.filter((r) => r.current).length ?? 0),
  leader: cluster?.leader,
});

/** Every stream and durable consumer, with the servers that hold it. */
export async function replication(nc: NatsConnection): Promise<Replicated[]> {
  const jsm = await jetstreamManager(nc);
  const held: Replicated[] = [];
  for await (const stream of jsm.streams.list()) {
    held.push(copiesOf(stream.config.name, stream.cluster));
    for await (const consumer of jsm.consumers.list(stream.config.name))
      held.push(copiesOf(`${stream.config.name}/${consumer.name}`, consumer.cluster));
  }
  return held;
}

/** Waits (a while) until every stream and consumer has `replicas` copies, all caught up. */
export async function waitReplicated(nc: NatsConnection, replicas: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = await replication(nc);
    if (held.every((h) => h.current === replicas) || Date.now() > deadline) return held;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Events each instance's durable consumers have handled (or skipped as repeats), from its
 * /metrics: both instances of a service share each durable consumer's work.
 */
export async function handledByInstance(
  profile: Profile,
  hosts: Record<string, string>,
): Promise<Record<string, number>> {
  const handled: Record<string, number> = {};
  for (const s of SERVICES)
    for (const [id, address] of Object.entries(hosts)) {
      const res = await fetch(`http://${address}:${profile.servicePorts[s]}/metrics`);
      const counts = [
        ...(await res.text()).matchAll(/^cuota_event_lag_seconds_count\{.*\} (\d+)$/gm),
      ];
      handled[`${s}-${id}`] = counts.reduce((sum, m) => sum + Number(m[1]), 0);
    }
  return handled;
}

/** Events published and not yet acknowledged, over every durable consumer. */
export async function unacknowledged(nc: NatsConnection): Promise<number> {
  const jsm = await jetstreamManager(nc);
  let total = 0;
  for await (const stream of jsm.streams.list())
    for await (const c of jsm.consumers.list(stream.config.name))
      total += c.num_pending + c.num_ack_pending;
  return total;
}

/** Outbox rows not yet published, over every service. */
export async function unpublished(profile: Profile): Promise<number> {
  const counts = await Promise.all(
    SERVICES.map((s) =>
      query<{ n: number }>(
        profile,
        s,
        'SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL',
      ),
    ),
  );
  return counts.reduce((sum, [row]) => sum + row!.n, 0);
}

/** Waits until every committed event is published and every consumer has acknowledged it. */
export async function waitDrained(profile: Profile, nc: NatsConnection, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Right after a node dies, JetStream's API may time out while a new leader is elected.
    const left = await Promise.all([unpublished(profile), unacknowledged(nc)]).then(
      ([a, b]) => a + b,
      () => Infinity,
    );
    if (left === 0) return;
    if (Date.now() > deadline) throw new Error(`${left} events still in flight`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** `npm run ledger:check` on the cluster: every transaction balances, receivables = billing. */
export async function ledgerCheck(profile: Profile, liveNats = NATS_HOSTS.slice(1)) {
  return runCommand(
    'ledger-check',
    process.execPath,
    ['services/payments/dist/ledger-check-main.cjs'],
    {
      cwd: repoRoot,
      env: {
        DATABASE_URL: databaseUrl(profile, 'payments'),
        NATS_URL: natsUrl(liveNats[0]!),
        NATS_PREFIX: profile.natsPrefix,
      },
      quiet: true,
    },
  );
}
