import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { prefixLines } from '../lib/run-command.ts';

export interface ProcessSpec {
  name: string;
  /** Arguments to this Node binary (Node 24): a script and its flags. */
  args: string[];
  /** Another program than Node (e.g. nats-server, haproxy), given `args`. */
  command?: string;
  /** The network namespace to run it in (`ip netns exec`, which execs: the pid stays it). */
  netns?: string;
  cwd: string;
  env: Record<string, string>;
  /** Polled until it answers 2xx; the process counts as started then. */
  readyUrl: string;
}

interface Running {
  spec: ProcessSpec;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Answered its readyUrl: from then on, an exit nobody asked for is a crash. */
  ready: boolean;
  startedAt: number;
}

export interface SupervisorOptions {
  /** Where restarts are told (the console by default). */
  announce?: (line: string) => void;
  /** Waits before each restart attempt; the last one repeats. */
  backoffMs?: readonly number[];
  /** A process up this long counts as healthy again: its next crash starts the backoff over. */
  healthyAfterMs?: number;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const HEALTHY_AFTER_MS = 60_000;

/**
 * Starts the system's processes, writes each one's output to its own log, restarts one that
 * exits unexpectedly (with backoff, saying so on the console), and stops them all.
 */
export class Supervisor {
  private readonly running = new Map<string, Running>();
  private readonly specs = new Map<string, ProcessSpec>();
  /** Crashes in a row per process (reset once it has stayed up for healthyAfterMs). */
  private readonly crashes = new Map<string, number>();
  private readonly restarts = new Map<string, NodeJS.Timeout>();
  private stopping = false;

  // Plain fields, not parameter properties: infra runs as type-stripped TypeScript.
  private readonly logDir: string;
  private readonly echo: boolean;
  private readonly announce: (line: string) => void;
  private readonly backoffMs: readonly number[];
  private readonly healthyAfterMs: number;

  constructor(logDir: string, echo: boolean, options: SupervisorOptions = {}) {
    this.logDir = logDir;
    this.echo = echo;
    this.announce = options.announce ?? ((line) => console.error(line));
    this.backoffMs = options.backoffMs ?? BACKOFF_MS;
    this.healthyAfterMs = options.healthyAfterMs ?? HEALTHY_AFTER_MS;
    fs.mkdirSync(logDir, { recursive: true });
  }

  logFile(name: string): string {
    return path.join(this.logDir, `${name}.log`);
  }

  /** The pid of a running process (undefined when it is not running). */
  pid(name: string): number | undefined {
    return this.running.get(name)?.child.pid;
  }

  async start(spec: ProcessSpec): Promise<void> {
    this.specs.set(spec.name, spec);
    const entry = this.launch(spec);
    await this.waitReady(spec, entry.exited);
    entry.ready = true;
  }

  async stop(name: string): Promise<void> {
    this.cancelRestart(name);
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
    for (const name of [...this.restarts.keys()]) this.cancelRestart(name);
    await Promise.all([...this.running.keys()].reverse().map((name) => this.stop(name)));
    this.stopping = false;
  }

  private launch(spec: ProcessSpec): Running {
    const log = fs.createWriteStream(this.logFile(spec.name), { flags: 'a' });
    const command = spec.command ?? process.execPath;
    const [program, args] = spec.netns
      ? ['ip', ['netns', 'exec', spec.netns, command, ...spec.args]]
      : [command, spec.args];
    const child = spawn(program, args, {
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
    const entry: Running = {
      spec,
      child,
      ready: false,
      startedAt: Date.now(),
      exited: new Promise<number | null>((resolve) =>
        child.on('exit', (code, signal) => {
          log.end();
          // Still ours and ready, and nobody asked it to stop: it crashed.
          if (!this.stopping && this.running.get(spec.name) === entry && entry.ready)
            this.crashed(entry, code ?? signal);
          resolve(code);
        }),
      ),
    };
    this.running.set(spec.name, entry);
    return entry;
  }

  private crashed(entry: Running, how: number | string | null): void {
    const { name } = entry.spec;
    const upFor = Date.now() - entry.startedAt;
    const crashes = (upFor >= this.healthyAfterMs ? 0 : (this.crashes.get(name) ?? 0)) + 1;
    this.crashes.set(name, crashes);
    this.scheduleRestart(entry.spec, crashes, `exited unexpectedly (${how})`);
  }

  private scheduleRestart(spec: ProcessSpec, attempt: number, why: string): void {
    const wait = this.backoffMs[Math.min(attempt, this.backoffMs.length) - 1]!;
    this.announce(
      `↻ ${spec.name} ${why}; restarting in ${seconds(wait)} (attempt ${attempt}). ` +
        `Its log: ${this.logFile(spec.name)}`,
    );
    const timer = setTimeout(() => {
      this.restarts.delete(spec.name);
      void this.restart(spec, attempt);
    }, wait);
    this.restarts.set(spec.name, timer);
  }

  private async restart(spec: ProcessSpec, attempt: number): Promise<void> {
    if (this.stopping) return;
    try {
      await this.start(spec);
      this.announce(`✓ ${spec.name} is back (attempt ${attempt}).`);
    } catch (err) {
      if (this.stopping || !this.running.has(spec.name)) return;
      this.crashes.set(spec.name, attempt + 1);
      const reason = (err as Error).message.split('\n')[0];
      this.scheduleRestart(spec, attempt + 1, `did not come back (${reason})`);
    }
  }

  private cancelRestart(name: string): void {
    clearTimeout(this.restarts.get(name));
    this.restarts.delete(name);
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

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);
