import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { waitFor } from '@cuota/testing/wait-for';

const serviceDir = path.resolve(__dirname, '../..');

/**
 * Bundles payments' main.ts the way `npm run build` does, into dist/ (so its migrations
 * folder, ../drizzle, and node_modules resolve), under a name of its own.
 */
export async function bundlePaymentsMain(): Promise<{ file: string; remove: () => Promise<void> }> {
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

/** Payments as its own OS process: it can be killed (SIGKILL) like a crashed server. */
export class PaymentsProcess {
  private readonly child: ChildProcess;
  readonly url: string;

  private constructor(child: ChildProcess, url: string) {
    this.child = child;
    this.url = url;
  }

  static async start(bundle: string, env: Record<string, string>): Promise<PaymentsProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [bundle], {
      env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: env.LOG_LEVEL ?? 'silent' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/readyz`)).ok, 20_000, 100);
    return new PaymentsProcess(child, url);
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

/** A nats-server of its own (JetStream on a store directory), to stop and start at will. */
export class NatsServer {
  private child: ChildProcess | undefined;

  readonly port: number;
  private readonly storeDir: string;
  private readonly binary: string;

  constructor(port: number, storeDir: string, binary = '/usr/sbin/nats-server') {
    this.port = port;
    this.storeDir = storeDir;
    this.binary = binary;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      this.binary,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      { stdio: 'ignore' },
    );
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(this.port, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        }),
      10_000,
      50,
    );
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
