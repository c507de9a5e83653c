import { fork } from 'node:child_process';
import path from 'node:path';
import type { System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { signInGuardian } from './guardian-session.ts';
import { measure, type Measurement } from './measure.ts';

const row = (name: string, m: Measurement) =>
  `| ${name} | ${m.requestsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.non2xx} | ${m.errors} |`;

/**
 * guardian.me through the whole stack (session in Redis, tRPC, identity token, enrolment,
 * PostgreSQL) against a bare Express endpoint serving the same bytes.
 */
export async function guardianMeScenario(system: System): Promise<void> {
  const base = system.urls.portal;
  const cookie = await signInGuardian(
    base,
    system.urls.mailbox,
    system.demo.guardian_hash,
    system.demo.guardian_email,
  );
  const url = new URL('/api/trpc/guardian.me?batch=1&input=%7B%7D', base).toString();
  const sample = await fetch(url, { headers: { cookie } });
  const body = await sample.text();
  if (!sample.ok || !body.includes('dependents'))
    throw new Error(`guardian.me did not answer: ${sample.status} ${body}`);

  const bare = fork(path.join(import.meta.dirname, 'bare-express.ts'), [], {
    env: { ...process.env, BODY: body },
  });
  try {
    const port = await new Promise<number>((resolve) =>
      bare.once('message', (m: { port: number }) => resolve(m.port)),
    );
    const stack = await measure(url, { cookie });
    const baseline = await measure(`http://127.0.0.1:${port}/bare`);
    const ratio = (stack.requestsPerSecond / baseline.requestsPerSecond).toFixed(3);
    const latency = (stack.p99Ms / Math.max(baseline.p99Ms, 1)).toFixed(1);
    const report = `## guardian.me through the BFF vs a bare Express endpoint

Command: \`npm run bench\` (scenario infra/bench/guardian-me-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
autocannon, 10 connections, ${process.env.BENCH_SECONDS ?? 10} s after a 2 s warm-up; the response body is the same ${body.length} bytes.

| endpoint | req/s | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|
${row('guardian.me (BFF → enrolment → PostgreSQL)', stack)}
${row('bare Express, same body', baseline)}

Throughput ratio (guardian.me / bare): **${ratio}**; p99 ratio: **${latency}×**.`;
    writeSection('guardian-me', report);
    console.log(report);
  } finally {
    bare.kill();
  }
}
