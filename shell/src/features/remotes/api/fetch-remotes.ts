import { remotes } from '@cuota/contracts/identity/shell-endpoints';
import { remotesResponseSchema, type RemoteEntry } from '@cuota/contracts/shell/remotes';
import { fetchEndpoint } from '@cuota/web-core/api/endpoint-request';
import { shellBoot } from '../../boot/shell-boot';

/**
 * Where each remote's mf-manifest.json lives in this deployment: as the page was served with
 * it, else GET /api/remotes.
 */
export async function fetchRemotes(): Promise<RemoteEntry[]> {
  const served = remotesResponseSchema.safeParse(shellBoot('remotes'));
  if (served.success) return served.data.remotes;
  return (await fetchEndpoint(remotes, { params: {} })).remotes;
}
