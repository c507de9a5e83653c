import { writeSection } from './benchmarks-doc.ts';
import { proveScaleOut, type ScaleOutFacts } from '../scale-out/proofs.ts';

/**
 * Issue 24's «two of everything, on separate hosts»: the scale-out proofs (infra/scale-out,
 * ADR 0086) as a bench, so their numbers (start time, payments per second through the
 * failures, repeats, drain time) are kept in docs/benchmarks.md. Needs root.
 */
export async function scaleOutScenario(): Promise<void> {
  if (process.getuid?.() !== 0) {
    console.log('scale-out: skipped (network namespaces need root)');
    return;
  }
  const facts = await proveScaleOut();
  const report = reportOf(facts);
  writeSection('scale-out', report);
  console.log(report);
}

const yes = (ok: boolean) => (ok ? 'yes' : '**NO**');

function reportOf(f: ScaleOutFacts): string {
  const { load, relay } = f;
  const held = f.replication.filter((r) => r.replicas === 3).length;
  const current = f.replication.filter((r) => r.current === 3).length;
  const doubled = relay.streams.filter((s) => s.messages !== s.outbox);
  const handled = Object.entries(load.handledBeforeKill)
    .filter(([, n]) => n > 0)
    .map(([instance, n]) => `${instance} ${n}`)
    .join(', ');
  return `## Scale-out: two of everything on separate hosts, with failures mid-load

Command: \`npm run bench -- scale-out\` (infra/bench/scale-out-scenario.ts running
infra/scale-out/proofs.ts; the same facts are judged by infra/scale-out/scale-out.integration.test.ts),
${new Date().toISOString().slice(0, 10)}. Seven network namespaces on one bridge: three NATS
nodes (streams at replicas 3), two app hosts (BFF + every service each), the edge (HAProxy,
sandboxes); PostgreSQL and Redis forwarded by HAProxy (TCP) from the root namespace.
Load average (1 min) before / after: ${f.loadAverage.before.toFixed(1)} /
${f.loadAverage.after.toFixed(1)} (2 cores, shared with other work).

| measure | value |
|---|---|
| cluster up (namespaces, 3 NATS, 12 Node processes, 2 HAProxy, seeds), s | ${f.startSeconds.toFixed(0)} |
| streams and durable consumers on 3 replicas (all 3 caught up) | ${held} of ${f.replication.length} (${current}) |
| session from BFF a read on BFF b | ${yes(!!f.session.a && f.session.a === f.session.b)} |
| six simultaneous starts of one bill run (answers; runs) | ${f.billRun.answers.join(', ')}; ${f.billRun.runs} run |
| cash payments through the balancer, 6 at a time | ${load.acknowledged} of ${load.payments} acknowledged in ${load.seconds.toFixed(1)} s (**${(load.acknowledged / load.seconds).toFixed(1)}/s**) |
| killed (SIGKILL) a third of the way in | ${load.killed.join(', ')} |
| attempts repeated by the client (same Idempotency-Key) | ${load.repeated} |
| acknowledged payments missing / doubled / not settled | **${load.missing} / ${load.duplicated} / ${load.notSettled}** |
| load end → every event published and acknowledged, s | ${load.drainSeconds.toFixed(1)} |
| events handled per instance before the kill | ${handled} |
| ledger check after the run | ${load.ledger.ok ? 'balanced, receivables equal billing' : '**FAILED**'} |
| outbox rows = stream messages, every service | ${yes(doubled.length === 0)} (payments: ${relay.streams.find((s) => s.service === 'payments')?.messages}) |
| a row published again with its event id as Nats-Msg-Id | duplicate: ${relay.repeatDuplicate}; messages ${relay.messagesBefore} → ${relay.messagesAfter} |
| payins.succeeded events / billing inbox rows | ${relay.payinEvents} / ${relay.billingInbox} |
| leaders after nats1 died | ${[...new Set(f.replicationAfter.map((r) => r.leader))].join(', ')} |`;
}
