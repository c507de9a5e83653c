import type { Logger } from '../logging/logger';
import type { Database } from './database';
import { NotificationListener } from './notification-listener';

export interface WorkPass {
  /** More work is waiting right now: run the next pass at once. */
  more: boolean;
  /** How long to wait before the next pass when idle (default the loop's `idleMs`). */
  waitMs?: number;
}

interface WorkLoopOptions {
  name: string;
  pass: () => Promise<WorkPass>;
  idleMs: number;
  logger: Logger;
  /** Wake on this PostgreSQL NOTIFY channel. */
  listen?: { db: Database<Record<string, unknown>>; channel: string };
}

/**
 * A background worker's loop: run a pass, then wait until woken (a commit's NOTIFY on
 * `channel`, or `wake()`) or until the pass's wait is over. A wake that arrives during a
 * pass is not lost: the next wait returns at once. A pass that throws is logged and retried
 * after the idle wait (a database that is down is not hammered).
 */
export class WorkLoop {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private readonly listener: NotificationListener | undefined;

  private readonly options: WorkLoopOptions;

  constructor(options: WorkLoopOptions) {
    this.options = options;
    const { listen } = options;
    this.listener = listen
      ? new NotificationListener({
          ...listen,
          onNotify: () => this.wake(),
          logger: options.logger,
          retryMs: options.idleMs,
        })
      : undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.listener?.start();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.listener?.stop();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let outcome: WorkPass = { more: false };
      let failed = false;
      try {
        outcome = await this.options.pass();
      } catch (err) {
        failed = true;
        this.options.logger.warn({ err }, `${this.options.name} pass failed; will retry`);
      }
      if (!failed && (outcome.more || this.woken)) {
        this.woken = false;
        continue;
      }
      await this.sleep(failed ? this.options.idleMs : (outcome.waitMs ?? this.options.idleMs));
      this.woken = false;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }
}
