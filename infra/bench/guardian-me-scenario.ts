import type { ChildProcess } from 'node:child_process';
import { databaseUrl } from '../launcher/profiles.ts';
import { loadOrCreateSecrets } from '../launcher/secrets.ts';
import { stateDir, type System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { signInGuardian } from './guardian-session.ts';
import { measure, type Measurement } from './measure.ts';
import { cpuMs, maxRss, peakRssDuring, rssIdleAfter, rssNow, rssTable } from './memory.ts';
import { ROUNDS, medianRound, perRequest, ratio, row, startBaseline } from './rounds.ts';

/**
 * guardian.me through the whole stack (session in Redis, tRPC, identity token, enrolment,
 * PostgreSQL) against two baselines in their own processes: one Express endpoint doing the
 * same I/O directly (the session read from Redis, the guardian.me SQL) and a bare Express
 * endpoint serving the same bytes. Every process's RSS before, under and after the load.
 */
export async function guardianMeScenario(system: System): Promise<void> {
  const base = system.urls.portal;
  const cookie = await signInGuardian(system);
  const url = new URL('/api/trpc/guardian.me?batch=1&input=%7B%7D', base).toString();
  const sample = await fetch(url, { headers: { cookie } });
  const body = await sample.text();
  if (!sample.ok || !body.includes('dependents'))
    throw new Error(`guardian.me did not answer: ${sample.status} ${body}`);

  const children: ChildProcess[] = [];
  try {
    const bare = await startBaseline('bare-express.ts', { BODY: body });
    children.push(bare.child);
    const sameIo = await startBaseline('same-io-express.ts', {
      READ: 'guardian-me',
      SESSION_SECRET: loadOrCreateSecrets(stateDir(system.profile)).sessionSecret,
      REDIS_URL: system.profile.redisUrl,
      REDIS_PREFIX: system.profile.redisPrefix,
      DATABASE_URL: databaseUrl(system.profile, 'enrolment'),
    });
    children.push(sameIo.child);
    const sameIoSample = await fetch(sameIo.url('/same-io'), { headers: { cookie } });
    if (!sameIoSample.ok) throw new Error(`same-I/O baseline: ${sameIoSample.status}`);

    // The machine is shared: the three endpoints are measured in turn, round after round, so
    // a change in background load hits all three alike; each row is the median round.
    const rounds: Record<'stack' | 'io' | 'plain', Measurement[]> = {
      stack: [],
      io: [],
      plain: [],
    };
    const before = rssNow(system.supervisor);
    let peak = before;
    // CPU time per guardian.me request: unlike req/s, it hardly moves with background load.
    const cpu = { bff: 0, enrolment: 0, requests: 0 };
    const pid = (name: string) => system.supervisor.pid(name);
    for (let round = 0; round < ROUNDS; round++) {
      const started = { bff: cpuMs(pid('bff')), enrolment: cpuMs(pid('enrolment')) };
      const driven = await peakRssDuring(system.supervisor, () => measure(url, { cookie }));
      cpu.bff += cpuMs(pid('bff')) - started.bff;
      cpu.enrolment += cpuMs(pid('enrolment')) - started.enrolment;
      cpu.requests += driven.result.sent;
      rounds.stack.push(driven.result);
      peak = maxRss(peak, driven.peak);
      rounds.io.push(await measure(sameIo.url('/same-io'), { cookie }));
      rounds.plain.push(await measure(bare.url('/bare')));
    }
    const after = rssNow(system.supervisor);
    const idle = await rssIdleAfter(system.supervisor);
    const [stack, io, plain] = [rounds.stack, rounds.io, rounds.plain].map(medianRound) as [
      Measurement,
      Measurement,
      Measurement,
    ];
    const perRound = rounds.stack
      .map((m, i) => ratio(m.requestsPerSecond, rounds.io[i]!.requestsPerSecond, 2))
      .join(' / ');
    const report = `## guardian.me through the BFF vs the same I/O and a bare Express endpoint

Command: \`npm run bench\` (scenario infra/bench/guardian-me-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
autocannon, 10 connections, ${process.env.BENCH_SECONDS ?? 10} s after a 2 s warm-up, one endpoint at a time, the three in
turn for ${ROUNDS} rounds; each row is the round with the median req/s.
The same-I/O baseline (infra/bench/same-io-express.ts) is one Express process that checks the
same signed session cookie, reads the same session from Redis and runs guardian.me's SQL
(services/enrolment/src/guardians/guardian-me-sql.ts) on enrolment's database; the bare one
answers the same ${body.length} bytes from memory. The BFF answers guardian.me from its read model
(kept answers, forgotten by enrolment's events; enrolment and PostgreSQL only on a miss).

| endpoint | req/s | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|
${row('guardian.me through the BFF (answer kept by the BFF, ADR 0024)', stack)}
${row('same I/O in one Express process (Redis GET + the SQL)', io)}
${row('bare Express, same body', plain)}

guardian.me / same I/O: throughput **${ratio(stack.requestsPerSecond, io.requestsPerSecond)}**
(aim ≥ 0.5; per round ${perRound}), p99 **${ratio(stack.p99Ms, io.p99Ms, 1)}×** (aim: p99 < 25 ms).
CPU time per guardian.me request (user + system from /proc, all rounds, warm-up included):
BFF **${perRequest(cpu.bff, cpu.requests)} ms**, enrolment **${perRequest(cpu.enrolment, cpu.requests)} ms**.
guardian.me / bare: throughput **${ratio(stack.requestsPerSecond, plain.requestsPerSecond)}**,
p99 **${ratio(stack.p99Ms, plain.p99Ms, 1)}×**.

Memory (RSS from /proc, sampled every 250 ms while guardian.me was driven, peak of all rounds; aims: BFF under
250 MB under load, each service under 150 MB idle):

${rssTable(before, peak, after, idle)}`;
    writeSection('guardian-me', report);
    console.log(report);
  } finally {
    for (const child of children) child.kill();
  }
}
