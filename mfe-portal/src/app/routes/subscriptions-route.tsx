import { EmptyState } from '@cuota/ui/empty-state';
import { Page } from '@cuota/ui/page';

export function SubscriptionsRoute() {
  return (
    <Page title="Suscripciones">
      <EmptyState
        title="Aún no tienes suscripciones"
        description="Aquí verás los servicios recurrentes que contrates con tu escuela, como transporte o comedor."
      />
    </Page>
  );
}
