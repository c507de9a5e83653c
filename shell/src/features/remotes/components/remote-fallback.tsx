import { use } from 'react';
import type { RemoteName } from '@cuota/contracts/shell/remotes';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { RemoteSlotContext } from './remote-slot-context';

const UNAVAILABLE: Record<RemoteName, string> = {
  mfe_portal: 'El portal de familias no está disponible en este momento.',
  mfe_dashboard: 'El panel escolar no está disponible en este momento.',
  mfe_store: 'La tienda no está disponible en este momento.',
};

/** What a route shows instead of a remote that is down or broke; the rest keeps working. */
export function RemoteFallback({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  return (
    <div role="alert" data-testid={`remote-fallback-${name}`}>
      <EmptyState
        title={UNAVAILABLE[name]}
        description="Intenta de nuevo en unos minutos."
        action={<Button onClick={onRetry}>Reintentar</Button>}
      />
    </div>
  );
}

/** The fallback as the runtime plugin hands it out: it learns which remote from context. */
export function RemoteUnavailable() {
  const slot = use(RemoteSlotContext);
  if (!slot) return null;
  return <RemoteFallback name={slot.name} onRetry={slot.retry} />;
}
