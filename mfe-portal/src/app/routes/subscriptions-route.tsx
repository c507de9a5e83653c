import { Page } from '@cuota/ui/page';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { Subscriptions } from '../../features/payments/components/subscriptions';

export function SubscriptionsRoute() {
  const schoolId = useCurrentSchool().school?.id;
  return <Page title="Suscripciones">{schoolId && <Subscriptions schoolId={schoolId} />}</Page>;
}
