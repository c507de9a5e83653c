import { remotes } from '@cuota/contracts/identity/shell-endpoints';
import type { RemotesResponse } from '@cuota/contracts/shell/remotes';
import type { BffContext } from '../bff-context';
import type { BffConfig } from '../config/bff-config';
import { implement } from '../http/bff-endpoints';
import { createRemoteEntries } from './remote-versions';

/**
 * GET /api/remotes: where the shell finds each remote's mf-manifest.json, decided per
 * deployment (packages/contracts shell/remotes.ts) and per remote version (ADR 0078). Never
 * cached, so a remote pointed at another version is picked up on the next page load.
 */
export function remotesHandlers(ctx: BffContext) {
  const entries = remoteEntriesOf(ctx);
  return [implement(remotes, () => remotesAnswer(entries()))];
}

const readers = new WeakMap<BffContext, () => BffConfig['remotes']>();

/** The remote entries now, one reader of the versions file per BFF. */
export function remoteEntriesOf(ctx: BffContext): () => BffConfig['remotes'] {
  let read = readers.get(ctx);
  if (!read) {
    read = createRemoteEntries(ctx.config, (err) =>
      ctx.deps.logger.error({ err }, 'remote versions file not applied; last versions kept'),
    );
    readers.set(ctx, read);
  }
  return read;
}

/** GET /api/remotes's answer (also written into every page: shell-boot.ts). */
export const remotesAnswer = (entries: BffConfig['remotes']): RemotesResponse => ({
  remotes: [
    { name: 'mfe_portal', entry: entries.portal },
    { name: 'mfe_dashboard', entry: entries.dashboard },
    { name: 'mfe_store', entry: entries.store },
  ],
});
