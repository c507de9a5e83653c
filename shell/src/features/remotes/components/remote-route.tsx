import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { RemoteName } from '@cuota/contracts/shell/remotes';
import { Spinner } from '@cuota/ui/spinner';
import { reportClientError } from '@cuota/web-core/errors/report-client-error';
import { loadRemoteApp } from '../api/remote-registry';
import { RemoteFallback } from './remote-fallback';
import { RemoteSlotContext } from './remote-slot-context';

const LOADING: Record<RemoteName, string> = {
  mfe_portal: 'Cargando el portal de familias…',
  mfe_dashboard: 'Cargando el panel escolar…',
  mfe_store: 'Cargando la tienda…',
};

type RemoteLoad =
  { state: 'loading' } | { state: 'ready'; App: ComponentType } | { state: 'failed' };

/**
 * The remote's App as state, not through Suspense: React reveals a Suspense boundary's
 * content no sooner than 300 ms after its fallback appeared (its fallback throttle), which
 * kept the portal's home hidden ~300 ms after its code and data had arrived. `attempt` > 0
 * is a retry, which goes back to the network.
 */
function useRemoteApp(name: RemoteName, attempt: number): RemoteLoad {
  const [load, setLoad] = useState<RemoteLoad>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    loadRemoteApp(name, { fresh: attempt > 0 }).then(
      (module) => current && setLoad({ state: 'ready', App: module.default }),
      (error: unknown) => {
        reportClientError('REMOTE_LOAD_ERROR', `${name}: ${String(error)}`);
        if (current) setLoad({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [name, attempt]);
  return load;
}

function RemoteMount({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const load = useRemoteApp(name, attempt);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const slot = useMemo(() => ({ name, retry }), [name, retry]);
  const fallback = <RemoteFallback name={name} onRetry={retry} />;

  return (
    <RemoteSlotContext value={slot}>
      <ErrorBoundary
        resetKeys={[attempt]}
        onError={(error) => reportClientError('REMOTE_RENDER_ERROR', `${name}: ${String(error)}`)}
        fallbackRender={() => fallback}
      >
        {load.state === 'loading' && <Spinner label={LOADING[name]} />}
        {load.state === 'failed' && fallback}
        {load.state === 'ready' && <load.App />}
      </ErrorBoundary>
    </RemoteSlotContext>
  );
}

/**
 * Mounts one remote's App. Render layer of the error handling: a remote that fails to
 * load or throws while rendering is replaced by its fallback, inside its own route.
 */
export function RemoteRoute({ name }: { name: RemoteName }) {
  // Routes of different remotes render at the same place in the tree; the key keeps one
  // remote's loaded App (or its failure) from carrying over to the next.
  return <RemoteMount key={name} name={name} />;
}
