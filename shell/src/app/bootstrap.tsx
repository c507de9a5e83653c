import { createRoot } from 'react-dom/client';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { readGlobalState } from '@cuota/web-core/global-state/global-state-storage';
import { createAppStore } from '@cuota/web-core/store';
import { reportClientError } from '@cuota/web-core/errors/report-client-error';
import type { RemoteEntry } from '@cuota/contracts/shell/remotes';
import {
  preloadPage,
  preloadRemoteApp,
  registerRemoteEntries,
} from '../features/remotes/api/remote-registry';
import { remoteFallbackPlugin } from '../features/remotes/api/remote-fallback-plugin';
import { config } from '../config';
import { startMonitoring } from '../features/monitoring/start-monitoring';
import { App } from './app';
import { remoteAt } from './router';

/** Apps embedding Cuota open it with `?webview=1` (spec §3 webview flag). */
const openedInWebview = (search: string) =>
  ['1', 'true'].includes(new URLSearchParams(search).get('webview') ?? '');

async function registerAvailableRemotes(remotes: Promise<RemoteEntry[]>) {
  try {
    registerRemoteEntries(await remotes);
    const remote = remoteAt(location.pathname);
    if (remote) {
      preloadRemoteApp(remote, preloadPage(remote, location.pathname));
    }
  } catch (error) {
    // Without the list every remote route shows its fallback; the rest of the shell works.
    reportClientError('REMOTES_UNAVAILABLE', error);
  }
}

/** Starts the shell with the remotes main.ts asked for before the shell's code had loaded. */
export async function boot(remotes: Promise<RemoteEntry[]>) {
  // Not awaited: the page does not wait for monitoring, which may be blocked or slow.
  startMonitoring(config.monitoring).catch((error: unknown) =>
    reportClientError('MONITORING_UNAVAILABLE', error),
  );
  registerPlugins([remoteFallbackPlugin()]);
  await registerAvailableRemotes(remotes);
  const stored = readGlobalState();
  const store = createAppStore({
    globalState: { ...stored, webview: stored.webview || openedInWebview(location.search) },
  });
  createRoot(document.getElementById('root')!).render(<App store={store} />);
}
