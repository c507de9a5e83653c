import { remotesResponseSchema, type RemoteEntry } from '@cuota/contracts/shell/remotes';
import { remotesResponse } from './remotes-request';

/** GET /api/remotes: where each remote's mf-manifest.json lives in this deployment. */
export async function fetchRemotes(): Promise<RemoteEntry[]> {
  const response = await remotesResponse();
  if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
  return remotesResponseSchema.parse(await response.json()).remotes;
}
