import { spawn } from 'node:child_process';

/** Runs a command to completion, streaming its output with a label; rejects on failure. */
export function runCommand(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; quiet?: boolean },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!options.quiet) process.stdout.write(prefixLines(label, chunk.toString()));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${label} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

export function prefixLines(label: string, text: string): string {
  return text.replace(/^(?=.)/gm, `[${label}] `);
}

/** Runs tasks with at most `limit` at a time (the machines have two cores). */
export async function runLimited<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
