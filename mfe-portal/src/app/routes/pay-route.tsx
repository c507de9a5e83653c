import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';

// Its own chunk: the card form and the billing/payments contracts stay off the home page.
const PayView = lazy(() =>
  import('../../features/payments/components/pay-page').then((m) => ({ default: m.PayView })),
);

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
