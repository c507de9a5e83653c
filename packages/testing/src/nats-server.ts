import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { waitFor } from './wait-for';

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
