import { Page } from '@cuota/ui/page';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { PaymentHistory } from '../../features/payments/components/payment-history';

export function PaymentHistoryRoute() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Historial de pagos">{schoolId && <PaymentHistory schoolId={schoolId} />}</Page>
  );
}
