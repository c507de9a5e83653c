import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { reportClientError } from '@cuota/web-core/errors/report-client-error';
import { RemoteUnavailable } from '../components/remote-fallback';

/**
 * Loading layer of the remote error handling: when a remote's manifest or entry cannot
 * be loaded (server down, broken deployment), `loadRemote` resolves to a fallback
 * module instead of failing, so the route renders its Spanish fallback. Earlier
 * lifecycles (manifest fetch) are left to fail; they end up here as `onLoad`.
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cuota-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      reportClientError('REMOTE_LOAD_ERROR', `${id}: ${String(error)}`);
      return { default: RemoteUnavailable };
    },
  };
}
