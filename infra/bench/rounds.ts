import { fork } from 'node:child_process';
import path from 'node:path';
import type { Measurement } from './measure.ts';

/** What the HTTP scenarios share: rounds in turn, median round, ratios, baseline processes. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export const row = (name: string, m: Measurement) =>
  `| ${name} | ${m.requestsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.non2xx} | ${m.errors} |`;

export const ratio = (a: number, b: number, digits = 3) => (a / Math.max(b, 1)).toFixed(digits);

export const perRequest = (ms: number, requests: number) => (ms / Math.max(requests, 1)).toFixed(2);

export const medianRound = (measured: Measurement[]) =>
  [...measured].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
    Math.floor(measured.length / 2)
  ]!;

/** Starts a baseline process beside this file and resolves with the port it listens on. */
export async function startBaseline(file: string, env: Record<string, string>) {
  const child = fork(path.join(import.meta.dirname, file), [], {
    env: { ...process.env, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
  return { child, url: (p: string) => `http://127.0.0.1:${port}${p}` };
}
