import { Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { portalPageAt } from '@cuota/web-core/routing/portal-pages';
import { preloadable } from '@cuota/web-core/routing/preloadable';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';

// Its own chunk, loaded when the page is opened (not on the home page). Opened on Historial, it
// loads with the portal's code and draws without a fallback (issue 16).
const paymentHistory = preloadable<{ schoolId: string }>(() =>
  import(
    /* webpackChunkName: "page-payments-history" */ '../../features/payments/components/payment-history'
  ).then((m) => ({ default: m.PaymentHistory })),
);
const transferReports = preloadable<{ schoolId: string }>(
  () => import('../../features/payments/components/transfer-reports'),
);
if (portalPageAt(window.location.pathname)?.subpath === 'payments/history') {
  paymentHistory.preload();
  transferReports.preload();
}
const PaymentHistory = paymentHistory.Component;
const TransferReports = transferReports.Component;

export function PaymentHistoryRoute() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Historial de pagos">
      {schoolId && (
        <Suspense fallback={<Spinner label="Cargando el historial…" />}>
          <TransferReports schoolId={schoolId} />
          <PaymentHistory schoolId={schoolId} />
        </Suspense>
      )}
    </Page>
  );
}
