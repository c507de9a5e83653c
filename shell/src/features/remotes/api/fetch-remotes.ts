import { remotes } from '@cuota/contracts/identity/shell-endpoints';
import type { RemoteEntry } from '@cuota/contracts/shell/remotes';
import { fetchEndpoint } from '@cuota/web-core/api/endpoint-request';

/** GET /api/remotes: where each remote's mf-manifest.json lives in this deployment. */
export async function fetchRemotes(): Promise<RemoteEntry[]> {
  return (await fetchEndpoint(remotes, { params: {} })).remotes;
}
