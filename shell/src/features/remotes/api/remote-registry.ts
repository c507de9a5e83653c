import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteName } from '@cuota/contracts/shell/remotes';
import { dashboardPageModule } from '@cuota/web-core/routing/dashboard-pages';
import { portalPageAt, portalPageModule } from '@cuota/web-core/routing/portal-pages';

/** What every remote exposes as `./App`: its routes, relative to its mount point. */
export interface RemoteAppModule {
  default: ComponentType;
}

const registered = new Map<RemoteName, RemoteEntry>();
const preloaded = new Map<RemoteName, Promise<RemoteAppModule>>();

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
  // A preload is taken once: a later mount (or a retry) asks the runtime again.
  const early = preloaded.get(name);
  preloaded.delete(name);
  if (early && !fresh) return early;
  const entry = registered.get(name);
  if (fresh && entry) registerRemotes([toRuntime(entry)], { force: true });
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module?.default) throw new Error(`${name}/App did not load`);
  return module;
}

/**
 * Starts loading the remote the page opened on while the shell still waits for the session
 * (its routes render after it): manifest, entry and App arrive in parallel with it. The first
 * mount of that remote's route takes this load instead of starting its own.
 */
export function preloadRemoteApp(name: RemoteName, page?: Promise<unknown>): void {
  const app = loadRemoteApp(name, { fresh: false });
  // With the opened page's own code in too: drawn before it, the page would suspend behind a
  // fallback that React then keeps for 300 ms (its reveal throttle; issue 16).
  const loading = page
    ? app.then(async (module) => {
        await page;
        return module;
      })
    : app;
  // The route that takes it shows its failure; until then it is not an unhandled rejection.
  loading.catch(() => undefined);
  preloaded.set(name, loading);
}

/** Each remote's page modules the shell may load ahead (web-core routing's page lists). */
const PAGE_MODULE_OF: Partial<Record<RemoteName, (pathname: string) => string | undefined>> = {
  mfe_portal: (pathname) => {
    const page = portalPageAt(pathname);
    return page ? portalPageModule(page.subpath) : undefined;
  },
  mfe_dashboard: dashboardPageModule,
};

/**
 * Starts loading the own code of the page the browser opened (a portal page, the staff's
 * Inicio) beside its remote's App: the App would ask for it only once it had loaded and
 * rendered, one round of chunks later. The page's lazy import then finds it loaded (one
 * module registry).
 */
export function preloadPage(name: RemoteName, pathname: string): Promise<unknown> | undefined {
  const module = PAGE_MODULE_OF[name]?.(pathname);
  // A failure is the route's to show when it asks; the fallback plugin has reported it.
  return module ? loadRemote(`${name}/${module}`).catch(() => undefined) : undefined;
}
