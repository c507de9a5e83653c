import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { prefixLines } from '../lib/run-command.ts';

export interface ProcessSpec {
  name: string;
  /** Arguments to this Node binary (Node 24): a script and its flags. */
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Polled until it answers 2xx; the process counts as started then. */
  readyUrl: string;
}

interface Running {
  spec: ProcessSpec;
  child: ChildProcess;
  exited: Promise<number | null>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/** Starts the system's processes, writes each one's output to its own log, stops them all. */
export class Supervisor {
  private readonly running = new Map<string, Running>();
  private readonly specs = new Map<string, ProcessSpec>();
  private stopping = false;

  // Plain fields, not parameter properties: infra runs as type-stripped TypeScript.
  private readonly logDir: string;
  private readonly echo: boolean;

  constructor(logDir: string, echo: boolean) {
    this.logDir = logDir;
    this.echo = echo;
    fs.mkdirSync(logDir, { recursive: true });
  }

  logFile(name: string): string {
    return path.join(this.logDir, `${name}.log`);
  }

  async start(spec: ProcessSpec): Promise<void> {
    this.specs.set(spec.name, spec);
    const log = fs.createWriteStream(this.logFile(spec.name), { flags: 'a' });
    const child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forward = (chunk: Buffer) => {
      log.write(chunk);
      if (this.echo) process.stdout.write(prefixLines(spec.name, chunk.toString()));
    };
    child.stdout!.on('data', forward);
    child.stderr!.on('data', forward);
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        log.end();
        if (!this.stopping && this.running.get(spec.name)?.child === child)
          console.error(
            `✗ ${spec.name} stopped (exit ${code}); its log: ${this.logFile(spec.name)}`,
          );
        resolve(code);
      }),
    );
    this.running.set(spec.name, { spec, child, exited });
    await this.waitReady(spec, exited);
  }

  async stop(name: string): Promise<void> {
    const entry = this.running.get(name);
    if (!entry) return;
    this.running.delete(name);
    if (entry.child.exitCode === null && entry.child.signalCode === null) {
      entry.child.kill('SIGTERM');
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await entry.exited;
      clearTimeout(timer);
    }
  }

  /** Starts a process that was stopped, with the spec it first ran with. */
  async startAgain(name: string): Promise<void> {
    const spec = this.specs.get(name);
    if (!spec) throw new Error(`${name} was never started`);
    if (!this.running.has(name)) await this.start(spec);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.running.keys()].reverse().map((name) => this.stop(name)));
    this.stopping = false;
  }

  private async waitReady(spec: ProcessSpec, exited: Promise<number | null>): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let gone = false;
    void exited.then(() => (gone = true));
    while (Date.now() < deadline) {
      if (gone) throw new Error(`${spec.name} exited while starting:\n${this.tail(spec.name)}`);
      const ok = await fetch(spec.readyUrl, { signal: AbortSignal.timeout(1000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(
      `${spec.name} was not ready at ${spec.readyUrl} after ${READY_TIMEOUT_MS / 1000} s:\n${this.tail(spec.name)}`,
    );
  }

  private tail(name: string): string {
    try {
      return fs.readFileSync(this.logFile(name), 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '(no output)';
    }
  }
}
