import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteName } from '@cuota/contracts/shell/remotes';

/** What every remote exposes as `./App`: its routes, relative to its mount point. */
export interface RemoteAppModule {
  default: ComponentType;
}

const registered = new Map<RemoteName, RemoteEntry>();

// The runtime normalises the objects it is given, so it gets copies.
const toRuntime = ({ name, entry }: RemoteEntry) => ({ name, entry });

export function registerRemoteEntries(entries: RemoteEntry[]): void {
  for (const entry of entries) registered.set(entry.name, entry);
  registerRemotes(entries.map(toRuntime));
}

/**
 * Loads a remote's App. `fresh` drops what the runtime cached from a failed attempt
 * (manifest, entry script) so a retry really goes back to the network.
 */
export async function loadRemoteApp(
  name: RemoteName,
  { fresh }: { fresh: boolean },
): Promise<RemoteAppModule> {
  const entry = registered.get(name);
  if (fresh && entry) registerRemotes([toRuntime(entry)], { force: true });
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module?.default) throw new Error(`${name}/App did not load`);
  return module;
}
