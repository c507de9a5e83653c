import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';

// Its own chunk, loaded when the page is opened (not on the home page).
const PaymentHistory = lazy(() =>
  import('../../features/payments/components/payment-history').then((m) => ({
    default: m.PaymentHistory,
  })),
);

const TransferReports = lazy(() => import('../../features/payments/components/transfer-reports'));

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
