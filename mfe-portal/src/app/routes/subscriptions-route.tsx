import { EmptyState } from '@cuota/ui/empty-state';
import { PortalPage } from '../../components/portal-page';

export function SubscriptionsRoute() {
  return (
    <PortalPage title="Suscripciones">
      <EmptyState
        title="Aún no tienes suscripciones"
        description="Aquí verás los servicios recurrentes que contrates con tu escuela, como transporte o comedor."
      />
    </PortalPage>
  );
}
