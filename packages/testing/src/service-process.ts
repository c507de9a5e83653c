import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { waitFor } from './wait-for';

/**
 * Bundles a service's main.ts (`serviceDir`: services/<name>) the way `npm run build` does,
 * into its dist/ (so its migrations folder, ../drizzle, and node_modules resolve), under a
 * name of its own.
 */
export async function bundleServiceMain(
  serviceDir: string,
): Promise<{ file: string; remove: () => Promise<void> }> {
  const file = path.join(serviceDir, 'dist', `main-test-${process.pid}-${Date.now()}.cjs`);
  await build({
    absWorkingDir: serviceDir,
    entryPoints: ['src/main.ts'],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.kind === 'entry-point' || args.path.startsWith('@cuota/')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return { file, remove: () => rm(file, { force: true }) };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A service as its own OS process: it can be killed (SIGKILL) like a crashed server. */
export class ServiceProcess {
  private readonly child: ChildProcess;
  readonly url: string;

  private constructor(child: ChildProcess, url: string) {
    this.child = child;
    this.url = url;
  }

  static async start(bundle: string, env: Record<string, string>): Promise<ServiceProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [bundle], {
      env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: env.LOG_LEVEL ?? 'silent' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/readyz`)).ok, 20_000, 100);
    return new ServiceProcess(child, url);
  }

  /** Its process id (for its CPU time, process-cpu.ts). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Stops it as a deploy does (SIGTERM): it drains and exits, writing what it must. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  /** Kills it at once, as a crash would: no shutdown, nothing flushed. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    await exited;
  }
}
