import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import {
  CardEntryContext,
  type CardEntryProps,
} from '../../features/subscriptions/components/card-entry';
import { PortalCardEntry } from './portal-card-entry';

// Its own chunk, loaded when the page is opened (not on the home page).
const Subscriptions = lazy(() =>
  import('../../features/subscriptions/components/subscriptions').then((m) => ({
    default: m.Subscriptions,
  })),
);

// The subscriptions feature keeps cards with the payments feature's card form.
const cardEntry = (props: CardEntryProps) => <PortalCardEntry {...props} />;

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
