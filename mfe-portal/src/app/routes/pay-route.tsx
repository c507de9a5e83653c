import { Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { portalPageAt } from '@cuota/web-core/routing/portal-pages';
import { preloadable } from '@cuota/web-core/routing/preloadable';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';

// Its own chunk: the card form and the billing/payments contracts stay off the home page.
// Opened on Pagos, it loads with the portal's code and draws without a fallback (issue 16).
const payView = preloadable<{ schoolId: string }>(() =>
  import(
    /* webpackChunkName: "page-payments" */ '../../features/payments/components/pay-page'
  ).then((m) => ({ default: m.PayView })),
);
if (portalPageAt(window.location.pathname)?.subpath === 'payments') payView.preload();
const PayView = payView.Component;

export function PayRoute() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Pagos">
      {schoolId && (
        <Suspense fallback={<Spinner label="Cargando tus pagos…" />}>
          <PayView schoolId={schoolId} />
        </Suspense>
      )}
    </Page>
  );
}
