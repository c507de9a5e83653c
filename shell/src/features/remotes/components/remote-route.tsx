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

type Settled = { state: 'ready'; App: ComponentType } | { state: 'failed' };
type RemoteLoad = { state: 'loading' } | Settled;

/**
 * The remote's App as state, not through Suspense: React reveals a Suspense boundary's
 * content no sooner than 300 ms after its fallback appeared (its fallback throttle), which
 * kept the portal's home hidden ~300 ms after its code and data had arrived. `attempt` > 0
 * is a retry, which goes back to the network; until it settles, it is loading.
 */
function useRemoteApp(name: RemoteName, attempt: number): RemoteLoad {
  const [settled, setSettled] = useState<{ attempt: number; load: Settled } | null>(null);
  useEffect(() => {
    let current = true;
    const settle = (load: Settled) => current && setSettled({ attempt, load });
    loadRemoteApp(name, { fresh: attempt > 0 }).then(
      (module) => settle({ state: 'ready', App: module.default }),
      (error: unknown) => {
        reportClientError('REMOTE_LOAD_ERROR', `${name}: ${String(error)}`);
        settle({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [name, attempt]);
  return settled?.attempt === attempt ? settled.load : { state: 'loading' };
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
