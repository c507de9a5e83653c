import { Page } from '@cuota/ui/page';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { PayView } from '../../features/payments/components/pay-page';

export function PayRoute() {
  const schoolId = useCurrentSchool().school?.id;
  return <Page title="Pagos">{schoolId && <PayView schoolId={schoolId} />}</Page>;
}
