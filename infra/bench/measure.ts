import autocannon from 'autocannon';

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
  const result = await autocannon({ ...options, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
    sent: warmUp.requests.total + result.requests.total,
  };
}
