import { remotes } from '@cuota/contracts/identity/shell-endpoints';
import type { BffConfig } from '../config/bff-config';
import { implement } from '../http/bff-endpoints';

/**
 * GET /api/remotes: where the shell finds each remote's mf-manifest.json, decided per
 * deployment (packages/contracts shell/remotes.ts). Never cached, so a remote moved to a
 * new URL is picked up on the next page load.
 */
export function remotesHandlers(config: BffConfig) {
  const answer = {
    remotes: [
      { name: 'mfe_portal' as const, entry: config.remotes.portal },
      { name: 'mfe_dashboard' as const, entry: config.remotes.dashboard },
      { name: 'mfe_store' as const, entry: config.remotes.store },
    ],
  };
  return [implement(remotes, () => answer)];
}
