import pg from 'pg';
import type { Logger } from '../logging/logger';
import type { Database } from './database';

interface NotificationListenerOptions {
  db: Database<Record<string, unknown>>;
  channel: string;
  onNotify: () => void;
  logger: Logger;
  retryMs: number;
}

/**
 * LISTENs on a PostgreSQL channel with a connection of its own, outside the pool (a LISTEN holds
 * its connection for the process's life: three of them took a whole pool of three and starved
 * every query, /readyz's too, in the scale-out cluster), and calls `onNotify` for each
 * notification; when the connection is lost it says so and listens again after `retryMs`
 * (whoever uses it keeps polling meanwhile). A NOTIFY sent in a transaction arrives at commit.
 */
export class NotificationListener {
  private client: pg.Client | undefined;
  private running = false;

  private readonly options: NotificationListenerOptions;

  constructor(options: NotificationListenerOptions) {
    this.options = options;
  }

  start(): void {
    this.running = true;
    void this.listen();
  }

  stop(): void {
    this.running = false;
    this.drop();
  }

  private async listen(): Promise<void> {
    if (!this.running || this.client) return;
    try {
      const client = new pg.Client(this.options.db.$client.options);
      this.client = client;
      client.on('notification', () => this.options.onNotify());
      client.on('error', (err) => this.relisten(err));
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      this.options.onNotify(); // anything committed before we listened
    } catch (err) {
      this.relisten(err);
    }
  }

  private relisten(err: unknown): void {
    this.options.logger.warn(
      { err, channel: this.options.channel },
      'notification listener lost; polling until it is back',
    );
    this.drop();
    if (this.running) setTimeout(() => void this.listen(), this.options.retryMs);
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
  }
}
