import { Suspense, use, useCallback, useMemo, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { RemoteName } from '@cuota/contracts/shell/remotes';
import { Spinner } from '@cuota/ui/spinner';
import { reportClientError } from '@cuota/web-core/errors/report-client-error';
import { loadRemoteApp, type RemoteAppModule } from '../api/remote-registry';
import { RemoteFallback } from './remote-fallback';
import { RemoteSlotContext } from './remote-slot-context';

const LOADING: Record<RemoteName, string> = {
  mfe_portal: 'Cargando el portal de familias…',
  mfe_dashboard: 'Cargando el panel escolar…',
  mfe_store: 'Cargando la tienda…',
};

function RemoteApp({ loading }: { loading: Promise<RemoteAppModule> }) {
  const { default: App } = use(loading);
  return <App />;
}

function RemoteMount({ name }: { name: RemoteName }) {
  const [loading, setLoading] = useState(() => loadRemoteApp(name, { fresh: false }));
  const retry = useCallback(() => setLoading(loadRemoteApp(name, { fresh: true })), [name]);
  const slot = useMemo(() => ({ name, retry }), [name, retry]);

  return (
    <RemoteSlotContext value={slot}>
      <ErrorBoundary
        resetKeys={[loading]}
        onError={(error) => reportClientError('REMOTE_RENDER_ERROR', `${name}: ${String(error)}`)}
        fallbackRender={() => <RemoteFallback name={name} onRetry={retry} />}
      >
        <Suspense fallback={<Spinner label={LOADING[name]} />}>
          <RemoteApp loading={loading} />
        </Suspense>
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
