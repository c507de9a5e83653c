import { performance } from 'node:perf_hooks';
import { percentile } from './percentile';

/** p50 and p95 of samples in ms, to a tenth. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p) * 10) / 10;
  return { p50: at(50), p95: at(95) };
}

/** Runs `work` `samples` times one after another: its p50 and p95 in ms. */
export async function timed(samples: number, work: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await work(i);
    ms.push(performance.now() - started);
  }
  return percentiles(ms);
}
