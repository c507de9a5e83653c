import { use } from 'react';
import type { RemoteName } from '@cuota/contracts/shell/remotes';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { PageLayout } from '@cuota/ui/page-layout';
import { RemoteSlotContext } from './remote-slot-context';

const SURFACES: Record<RemoteName, { surface: string; unavailable: string }> = {
  mfe_portal: {
    surface: 'Portal de familias',
    unavailable: 'El portal de familias no está disponible en este momento.',
  },
  mfe_dashboard: {
    surface: 'Panel escolar',
    unavailable: 'El panel escolar no está disponible en este momento.',
  },
  mfe_store: {
    surface: 'Tienda escolar',
    unavailable: 'La tienda no está disponible en este momento.',
  },
};

/**
 * What a route shows instead of a remote that is down or broke: the surface's header and a
 * heading, so the page still says where the visitor is; the rest keeps working.
 */
export function RemoteFallback({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const { surface, unavailable } = SURFACES[name];
  return (
    <PageLayout title={surface} surface={surface} narrow>
      <div role="alert" data-testid={`remote-fallback-${name}`}>
        <EmptyState
          title={unavailable}
          description="Intenta de nuevo en unos minutos."
          action={<Button onClick={onRetry}>Reintentar</Button>}
        />
      </div>
    </PageLayout>
  );
}

/** The fallback as the runtime plugin hands it out: it learns which remote from context. */
export function RemoteUnavailable() {
  const slot = use(RemoteSlotContext);
  if (!slot) return null;
  return <RemoteFallback name={slot.name} onRetry={slot.retry} />;
}
