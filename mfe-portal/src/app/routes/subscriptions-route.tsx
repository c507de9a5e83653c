import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import {
  CardEntryContext,
  type CardEntryProps,
} from '../../features/subscriptions/components/card-entry';

// Its own chunk, loaded when the page is opened (not on the home page).
const Subscriptions = lazy(() =>
  import('../../features/subscriptions/components/subscriptions').then((m) => ({
    default: m.Subscriptions,
  })),
);

// The payments feature's card form, loaded when a family asks for it: its contracts (checkout,
// credit, payins) stay out of the portal's first screen (infra/webpack/shell-provided.test.ts).
const PortalCardEntry = lazy(() =>
  import('./portal-card-entry').then((m) => ({ default: m.PortalCardEntry })),
);

// The subscriptions feature keeps cards with the payments feature's card form.
const cardEntry = (props: CardEntryProps) => (
  <Suspense fallback={<Spinner label="Cargando el formulario de la tarjeta…" />}>
    <PortalCardEntry {...props} />
  </Suspense>
);

export function SubscriptionsRoute() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Suscripciones">
      {schoolId && (
        <Suspense fallback={<Spinner label="Cargando suscripciones…" />}>
          <CardEntryContext value={cardEntry}>
            <Subscriptions schoolId={schoolId} />
          </CardEntryContext>
        </Suspense>
      )}
    </Page>
  );
}
