import { remotes } from '@cuota/contracts/identity/shell-endpoints';
import type { RemotesResponse } from '@cuota/contracts/shell/remotes';
import type { BffConfig } from '../config/bff-config';
import { implement } from '../http/bff-endpoints';

/**
 * GET /api/remotes: where the shell finds each remote's mf-manifest.json, decided per
 * deployment (packages/contracts shell/remotes.ts). Never cached, so a remote moved to a
 * new URL is picked up on the next page load.
 */
export function remotesHandlers(config: BffConfig) {
  const answer = remotesOf(config);
  return [implement(remotes, () => answer)];
}

/** GET /api/remotes's answer (also written into every page: shell-boot.ts). */
export const remotesOf = (config: BffConfig): RemotesResponse => ({
  remotes: [
    { name: 'mfe_portal', entry: config.remotes.portal },
    { name: 'mfe_dashboard', entry: config.remotes.dashboard },
    { name: 'mfe_store', entry: config.remotes.store },
  ],
});
