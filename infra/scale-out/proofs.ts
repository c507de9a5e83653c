// The scale-out proofs (issue 24, ADR 0086): starts the cluster, exercises it and reads back
// what happened. It gathers facts and asserts nothing, so the test (scale-out.test.ts) and the
// bench (`npm run bench -- scale-out`) judge the same run. Plain Node: the launcher it drives
// is native TypeScript (top-level await), which Jest's CommonJS transform cannot load.
import os from 'node:os';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { csrfTokenFor, signInStaff } from '../bench/staff-session.ts';
import { SERVICES } from '../launcher/profiles.ts';
import { instanceName, startScaleOut, type ScaleOut } from './cluster.ts';
import {
  handledByInstance,
  ledgerCheck,
  query,
  replication,
  waitDrained,
  waitReplicated,
  type Replicated,
} from './cluster-facts.ts';
import { runDeskLoad } from './desk-load.ts';
import { APP_HOSTS, NATS_HOSTS } from './hosts.ts';
import { connectCluster, REPLICAS } from './nats-cluster.ts';

export interface ScaleOutFacts {
  startSeconds: number;
  replication: Replicated[];
  /** The same after the load, with nats1 dead: every stream and consumer led by a live node. */
  replicationAfter: Replicated[];
  /** /api/auth/session's user e-mail, read with one cookie on each BFF. */
  session: { a?: string; b?: string };
  billRun: { answers: number[]; runs: number };
  load: {
    payments: number;
    acknowledged: number;
    repeated: number;
    refused: string[];
    seconds: number;
    killed: string[];
    /** Events handled per service instance (its /metrics) just before the kill. */
    handledBeforeKill: Record<string, number>;
    /** Acknowledged payments missing from payments' database, or recorded twice. */
    missing: number;
    duplicated: number;
    notSettled: number;
    drainSeconds: number;
    ledger: { ok: boolean; output: string };
  };
  relay: {
    /** Per service: outbox rows and messages in its stream (equal: published once each). */
    streams: { service: string; outbox: number; messages: number }[];
    repeatDuplicate: boolean;
    messagesBefore: number;
    messagesAfter: number;
    payinEvents: number;
    billingInbox: number;
  };
  loadAverage: { before: number; after: number };
}

const PAYMENTS = Number(process.env.SCALE_OUT_PAYMENTS ?? 150);
const CONCURRENCY = 6;

type Owner = { cookie: string; csrfToken: string };

export async function proveScaleOut(): Promise<ScaleOutFacts> {
  const loadBefore = os.loadavg()[0]!;
  const started = Date.now();
  const cluster = await startScaleOut();
  let nc: NatsConnection | undefined;
  try {
    const startSeconds = (Date.now() - started) / 1000;
    // The proofs' own view of JetStream, through the nodes that stay up.
    nc = await connectCluster(NATS_HOSTS.slice(1));
    const owner = await signInOwner(cluster);
    return {
      startSeconds,
      replication: await waitReplicated(nc, REPLICAS),
      session: await sessionOnBoth(cluster, owner),
      billRun: await billRunOnBoth(cluster, owner),
      load: await paymentsThroughFailures(cluster, owner, nc),
      replicationAfter: await replication(nc),
      relay: await relayOnce(cluster, nc),
      loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
    };
  } finally {
    await nc?.close();
    await cluster.stop();
  }
}

async function signInOwner(cluster: ScaleOut): Promise<Owner> {
  const email = cluster.demo.staff.find((s) => s.role === 'OWNER')!.email;
  const cookie = await signInStaff(cluster.bffUrl('a'), email, cluster.demo.staff_password);
  return { cookie, csrfToken: await csrfTokenFor(cluster.bffUrl('a'), cookie) };
}

/** The session cookie BFF a set, read on a and on b. */
async function sessionOnBoth(cluster: ScaleOut, owner: Owner) {
  const emailOn = async (h: 'a' | 'b') => {
    const res = await fetch(`${cluster.bffUrl(h)}/api/auth/session`, {
      headers: { cookie: owner.cookie },
    });
    return ((await res.json()) as { user?: { email?: string } }).user?.email;
  };
  return { a: await emailOn('a'), b: await emailOn('b') };
}

/** Six starts of one month's run through both BFFs; the balancer alternates the billings. */
async function billRunOnBoth(cluster: ScaleOut, owner: Owner) {
  const [target] = await query<{ concept_id: string; period: string }>(
    cluster.profile,
    'billing',
    `SELECT c.id AS concept_id, p AS period FROM concepts c, unnest(c.periods) p
     WHERE c.recurrence = 'MONTHLY' AND c.school_id = $1 AND NOT EXISTS
       (SELECT 1 FROM bill_runs r WHERE r.concept_id = c.id AND r.period = p)
     ORDER BY p, c.id LIMIT 1`,
    [cluster.demo.school_id],
  );
  const answers = await Promise.all(
    (['a', 'b', 'a', 'b', 'a', 'b'] as const).map(async (h) => {
      const res = await fetch(`${cluster.bffUrl(h)}/book-keeper/massive_concept_assignments/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: owner.cookie,
          'x-csrf-token': owner.csrfToken,
        },
        body: JSON.stringify({ school_id: cluster.demo.school_id, ...target }),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const runs = await query(
    cluster.profile,
    'billing',
    'SELECT id FROM bill_runs WHERE concept_id = $1 AND period = $2',
    [target!.concept_id, target!.period],
  );
  return { answers: answers.sort(), runs: runs.length };
}

/**
 * Cash payments through the balancer; a third of the way in, one NATS node, BFF a and the a
 * instance of every service are killed (SIGKILL). Then: every acknowledged payment is in
 * payments' database once and settled, every event is consumed, the ledger balances.
 */
async function paymentsThroughFailures(cluster: ScaleOut, owner: Owner, nc: NatsConnection) {
  const students = await query<{ id: string }>(
    cluster.profile,
    'enrolment',
    'SELECT id FROM students WHERE school_id = $1 ORDER BY id LIMIT 40',
    [cluster.demo.school_id],
  );
  const killed: string[] = [];
  let handledBeforeKill: Record<string, number> = {};
  let failures: Promise<void> | undefined;
  const addresses = Object.fromEntries(Object.entries(APP_HOSTS).map(([id, h]) => [id, h.address]));
  const load = await runDeskLoad({
    baseUrl: cluster.publicUrl,
    ...owner,
    schoolId: cluster.demo.school_id,
    studentIds: students.map((s) => s.id),
    payments: PAYMENTS,
    concurrency: CONCURRENCY,
    amountCentavos: 1_000,
    onAcknowledged: (count) => {
      if (failures || count < PAYMENTS / 3) return;
      failures = (async () => {
        handledBeforeKill = await handledByInstance(cluster.profile, addresses);
        killed.push(
          'nats1',
          instanceName('bff', 'a'),
          ...SERVICES.map((s) => instanceName(s, 'a')),
        );
        for (const name of killed) cluster.kill(name);
      })();
    },
  });
  await failures;
  const loadEnded = Date.now();
  await waitDrained(cluster.profile, nc);
  const drainSeconds = (Date.now() - loadEnded) / 1000;
  const payins = await query<{ id: string; idempotency_key: string; status: string }>(
    cluster.profile,
    'payments',
    `SELECT id, idempotency_key, status FROM payins WHERE idempotency_key LIKE 'scale-out-%'`,
  );
  const recorded = new Map(payins.map((p) => [p.idempotency_key, p.id]));
  const ledger = await ledgerCheck(cluster.profile).then(
    (output) => ({ ok: true, output }),
    (err: Error) => ({ ok: false, output: err.message }),
  );
  return {
    payments: PAYMENTS,
    acknowledged: load.acknowledged.size,
    repeated: load.repeated,
    refused: load.refused,
    seconds: load.seconds,
    killed,
    handledBeforeKill,
    missing: [...load.acknowledged].filter(([key, id]) => recorded.get(key) !== id).length,
    duplicated: payins.length - recorded.size,
    notSettled: payins.filter((p) => p.status !== 'success').length,
    drainSeconds,
    ledger,
  };
}

/**
 * Every outbox row is one message in its stream (the relays of both instances, killed or
 * not, never doubled one); and a row published again, as a relay that died between publishing
 * and marking it would, is acknowledged by JetStream as a duplicate and stored nowhere.
 */
async function relayOnce(cluster: ScaleOut, nc: NatsConnection) {
  // Invoices stamped and mail sent go on publishing after the load: count once all is out.
  await waitDrained(cluster.profile, nc);
  const jsm = await jetstreamManager(nc);
  const streams = [];
  for (const s of SERVICES) {
    const [outbox] = await query<{ n: number }>(
      cluster.profile,
      s,
      'SELECT count(*)::int AS n FROM outbox_events',
    );
    const info = await jsm.streams.info(s.toUpperCase()).catch(() => undefined);
    streams.push({ service: s, outbox: outbox!.n, messages: info?.state.messages ?? 0 });
  }
  const [event] = await query<{ id: string; type: string; payload: unknown }>(
    cluster.profile,
    'payments',
    `SELECT id, type, payload FROM outbox_events WHERE type = 'payments.payin.succeeded' LIMIT 1`,
  );
  const messagesBefore = (await jsm.streams.info('PAYMENTS')).state.messages;
  const ack = await jetstream(nc).publish(event!.type, JSON.stringify(event!.payload), {
    msgID: event!.id,
    headers: headers(),
  });
  const messagesAfter = (await jsm.streams.info('PAYMENTS')).state.messages;
  const count = async (s: 'payments' | 'billing', table: string) =>
    (
      await query<{ n: number }>(
        cluster.profile,
        s,
        `SELECT count(*)::int AS n FROM ${table} WHERE type = 'payments.payin.succeeded'`,
      )
    )[0]!.n;
  return {
    streams,
    repeatDuplicate: ack.duplicate,
    messagesBefore,
    messagesAfter,
    payinEvents: await count('payments', 'outbox_events'),
    billingInbox: await count('billing', 'inbox_events'),
  };
}

if (import.meta.main) console.log(JSON.stringify(await proveScaleOut()));
