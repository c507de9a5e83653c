import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { portalPageAt } from '@cuota/web-core/routing/portal-pages';
import { preloadable } from '@cuota/web-core/routing/preloadable';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import {
  CardEntryContext,
  type CardEntryProps,
} from '../../features/subscriptions/components/card-entry';

// Its own chunk, loaded when the page is opened (not on the home page): the one the portal
// exposes as `page/subscriptions`. Opened on Suscripciones, it loads with the portal's code and
// draws without a fallback (issue 16).
const subscriptions = preloadable<{ schoolId: string }>(() =>
  import(
    /* webpackChunkName: "page-subscriptions" */ '../../features/subscriptions/components/subscriptions'
  ).then((m) => ({ default: m.Subscriptions })),
);
if (portalPageAt(window.location.pathname)?.subpath === 'subscriptions') subscriptions.preload();
const Subscriptions = subscriptions.Component;

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
