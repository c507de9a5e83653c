import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Database } from '@cuota/service-runtime/db/database';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { InvoicingDb } from '../invoicing-db';

/** What a loop over leased, due rows needs from the worker that owns them. */
export interface DueWork {
  name: string;
  /** The NOTIFY channel a commit of new due work signals. */
  channel: string;
  /** Claims up to `batchSize` due rows and works them; returns how many it took. */
  takeBatch: () => Promise<number>;
  /** When the next row comes due, if any is waiting. */
  nextDueAt: () => Promise<Date | null>;
}

/**
 * The loop the PAC workers share (stamping, cancellations): a full batch runs the next pass
 * at once; otherwise it sleeps until the next row is due, a commit's NOTIFY wakes it, or the
 * safety-net poll (`pollMs`) comes round, whichever is first.
 */
export function dueWorkLoop(
  db: InvoicingDb,
  settings: { pollMs: number; batchSize: number },
  logger: Logger,
  work: DueWork,
): WorkLoop {
  const untilNextDue = async () => {
    const next = await work.nextDueAt().catch(() => null);
    const wait = next ? next.getTime() - Date.now() : settings.pollMs;
    return Math.max(10, Math.min(settings.pollMs, wait));
  };
  return new WorkLoop({
    name: work.name,
    pass: async () => ({
      more: (await work.takeBatch()) === settings.batchSize,
      waitMs: await untilNextDue(),
    }),
    idleMs: settings.pollMs,
    logger,
    listen: { db: db as unknown as Database<Record<string, unknown>>, channel: work.channel },
  });
}
