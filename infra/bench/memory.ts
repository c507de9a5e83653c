import fs from 'node:fs';
import type { Supervisor } from '../launcher/supervisor.ts';

/** The processes whose memory the bench reports: the request path and its neighbours. */
export const MEASURED_PROCESSES = [
  'bff',
  'enrolment',
  'billing',
  'payments',
  'invoicing',
  'notifications',
  'mfe-portal',
] as const;

export type Rss = Record<string, number>;

/** Resident set size in MB of a running process (VmRSS in /proc), 0 when it is gone. */
function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

export function rssNow(supervisor: Supervisor): Rss {
  return Object.fromEntries(MEASURED_PROCESSES.map((n) => [n, rssMb(supervisor.pid(n))]));
}

/** Samples every process's RSS while `during` runs; resolves with its result and the peaks. */
export async function peakRssDuring<T>(
  supervisor: Supervisor,
  during: () => Promise<T>,
): Promise<{ result: T; peak: Rss }> {
  const peak: Rss = rssNow(supervisor);
  const timer = setInterval(() => {
    for (const [name, mb] of Object.entries(rssNow(supervisor)))
      peak[name] = Math.max(peak[name] ?? 0, mb);
  }, 250);
  try {
    return { result: await during(), peak };
  } finally {
    clearInterval(timer);
  }
}

export { cpuMs, treeCpuMs } from '../../packages/testing/src/process-cpu.ts';

/** The larger of two samples, process by process. */
export const maxRss = (a: Rss, b: Rss): Rss =>
  Object.fromEntries(MEASURED_PROCESSES.map((n) => [n, Math.max(a[n] ?? 0, b[n] ?? 0)]));

/** How long the processes rest before "idle after" is read: V8 gives pages back once idle. */
const IDLE_SECONDS = 10;

/** Every process's RSS once the load has stopped for a while (the aims' "idle after load"). */
export async function rssIdleAfter(supervisor: Supervisor): Promise<Rss> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  return rssNow(supervisor);
}

/** A markdown table: one row per process, RSS before, peak under load, right after and idle. */
export function rssTable(before: Rss, under: Rss, after: Rss, idle: Rss): string {
  const rows = MEASURED_PROCESSES.map(
    (n) => `| ${n} | ${before[n]} | ${under[n]} | ${after[n]} | ${idle[n]} |`,
  ).join('\n');
  return `| process | before MB | peak under load MB | right after MB | idle ${IDLE_SECONDS} s after MB |\n|---|---|---|---|---|\n${rows}`;
}
