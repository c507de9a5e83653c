import { remotesResponseSchema, type RemoteEntry } from '@cuota/contracts/shell/remotes';

/** GET /api/remotes: where each remote's mf-manifest.json lives in this deployment. */
export async function fetchRemotes(): Promise<RemoteEntry[]> {
  const response = await fetch('/api/remotes', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
  return remotesResponseSchema.parse(await response.json()).remotes;
}
