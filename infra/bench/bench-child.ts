import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../lib/workspaces.ts';

/**
 * Runs a service's bundled bench (`script`, relative to the repository root) in its own
 * process with `env` added, and returns the JSON line it prints last; `name` says whose bench
 * failed.
 */
export function runBenchChild<T>(
  name: string,
  script: string,
  env: Record<string, string>,
): Promise<T> {
  const child = spawn(process.execPath, [path.join(repoRoot, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`the ${name} bench failed (exit ${code}): ${out.slice(-500)}`));
      else resolve(JSON.parse(line) as T);
    }),
  );
}
