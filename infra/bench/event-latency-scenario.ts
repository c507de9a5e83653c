import pg from 'pg';
import { percentile } from '../../packages/testing/src/percentile.ts';
import { databaseUrl } from '../launcher/profiles.ts';
import type { System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { csrfTokenFor, signInStaff } from './staff-session.ts';

const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;

/**
 * Issue #7: how long after a commit its event's effect is visible in another service.
 * A staff member renames a student through the BFF (enrolment commits the change and
 * enrolment.student.updated in one transaction); the answer marks the commit. Billing's
 * student directory is then read every millisecond until it shows the new name: the
 * outbox relay (woken by the commit's NOTIFY), JetStream and billing's durable consumer
 * lie in between. Baseline in the same run: one read of that row (the probe's resolution).
 */
export async function eventLatencyScenario(system: System): Promise<void> {
  const rounds = Number(process.env.BENCH_EVENT_ROUNDS ?? 200);
  const owner = system.demo.staff.find((s) => s.role === 'OWNER')!;
  const cookie = await signInStaff(system.urls.portal, owner.email, system.demo.staff_password);
  const api = (p: string) => new URL(p, system.urls.portal).toString();
  const csrfToken = await csrfTokenFor(system.urls.portal, cookie);
  const billing = new pg.Client({ connectionString: databaseUrl(system.profile, 'billing') });
  await billing.connect();
  try {
    const { rows } = await billing.query(
      'SELECT student_id FROM student_directory WHERE school_id = $1 ORDER BY student_id LIMIT 1',
      [system.demo.school_id],
    );
    const studentId = rows[0].student_id as string;
    const read = () =>
      billing.query('SELECT first_name FROM student_directory WHERE student_id = $1', [studentId]);

    const probes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = process.hrtime.bigint();
      await read();
      probes.push(ms(started, process.hrtime.bigint()));
    }
    const latencies: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const name = `Latencia ${i} ${Date.now()}`;
      const response = await fetch(api(`/api/v1/students/${studentId}/`), {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify({ first_name: name }),
      });
      const committed = process.hrtime.bigint();
      if (!response.ok)
        throw new Error(`PATCH student → ${response.status} ${await response.text()}`);
      for (;;) {
        const { rows: seen } = await read();
        if (seen[0]?.first_name === name) break;
        if (ms(committed, process.hrtime.bigint()) > 10_000)
          throw new Error('billing never saw the change (10 s)');
        await new Promise((r) => setTimeout(r, 1));
      }
      latencies.push(ms(committed, process.hrtime.bigint()));
    }
    latencies.sort((a, b) => a - b);
    probes.sort((a, b) => a - b);
    const fmt = (n: number) => n.toFixed(1);
    const report = `## Events: commit → effect in another service

Command: \`npm run bench\` (scenario infra/bench/event-latency-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
${rounds} renames of one student through the BFF (\`PATCH /api/v1/students/{id}/\`, OWNER); the
time from enrolment's answer (its commit) until billing's student directory shows the new name,
read every millisecond. Between them: the outbox relay woken by the commit's NOTIFY, JetStream,
billing's durable consumer and its inbox transaction.

| measure | p50 ms | p99 ms | max ms |
|---|---|---|---|
| commit → billing's directory updated | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 99))} | ${fmt(latencies.at(-1)!)} |
| baseline: one read of the directory row (the probe's resolution) | ${fmt(percentile(probes, 50))} | ${fmt(percentile(probes, 99))} | ${fmt(probes.at(-1)!)} |

Ratio p50 latency / p50 read: **${(percentile(latencies, 50) / percentile(probes, 50)).toFixed(1)}×**. Without the
NOTIFY the relay would wait for its 1 s poll (p50 ≈ 500 ms).`;
    writeSection('event-latency', report);
    console.log(report);
  } finally {
    await billing.end();
  }
}
