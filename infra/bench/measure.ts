import autocannon from 'autocannon';
import { appendFileSync } from 'node:fs';

export interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  non2xx: number;
  errors: number;
  /** Every request sent, warm-up included (what the servers' CPU time was spent on). */
  sent: number;
}

/** Drives one URL with autocannon after a short warm-up; returns its throughput and latency. */
export async function measure(
  url: string,
  headers: Record<string, string> = {},
  seconds = Number(process.env.BENCH_SECONDS ?? 10),
): Promise<Measurement> {
  const options = { url, headers, connections: 10, pipelining: 1 };
  const warmUp = await autocannon({ ...options, duration: 2 });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ ...options, duration: seconds }, (err, done) =>
      err ? reject(err as Error) : resolve(done),
    );
    const log = process.env.BENCH_RESPONSE_LOG;
    if (log) logResponses(run, url, log);
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
    sent: warmUp.requests.total + result.requests.total,
  };
}

/**
 * `BENCH_RESPONSE_LOG=<file>`: each measured response as a line `<end, ms since the epoch>
 * <latency ms> <url>`, to lay the slow ones beside the processes' collector events
 * (infra/bench/gc-events.cjs) and see what each waited on (docs/benchmarks.md, investigations).
 */
function logResponses(run: autocannon.Instance, url: string, file: string): void {
  const lines: string[] = [];
  run.on('response', (_client, _status, _bytes, ms) => lines.push(`${Date.now()} ${ms} ${url}`));
  run.on('done', () => appendFileSync(file, `${lines.join('\n')}\n`));
}
