import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';

// Its own chunk, loaded when the page is opened (not on the home page).
const Subscriptions = lazy(() =>
  import('../../features/subscriptions/components/subscriptions').then((m) => ({
    default: m.Subscriptions,
  })),
);

export function SubscriptionsRoute() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Suscripciones">
      {schoolId && (
        <Suspense fallback={<Spinner label="Cargando suscripciones…" />}>
          <Subscriptions schoolId={schoolId} />
        </Suspense>
      )}
    </Page>
  );
}
