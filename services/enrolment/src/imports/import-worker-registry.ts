import type { ServiceContext } from '@cuota/service-host/service-host';
import type * as schema from '../schema';
import { createImportWorker, type ImportWorker } from './import-worker';

type Ctx = ServiceContext<typeof schema>;

/** The running service's worker, found from its context (routes wake it after an upload). */
const workers = new WeakMap<Ctx['db'], ImportWorker>();

/** ServiceDefinition.extras: starts the import worker with the service, stops it with it. */
export async function startImportWorker(ctx: Ctx): Promise<() => Promise<void>> {
  const worker = createImportWorker(ctx);
  workers.set(ctx.db, worker);
  worker.start();
  return async () => {
    await worker.stop();
    workers.delete(ctx.db);
  };
}

export function wakeImportWorker(ctx: Ctx): void {
  workers.get(ctx.db)?.wake();
}
