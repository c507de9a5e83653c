import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import {
  useCardSubscriptionsQuery,
  useFamilySubscriptionsQuery,
  useSubscribablesQuery,
} from '../api/subscriptions-api';
import { SubscribeForm } from './subscribe-form';
import { SubscriptionCard } from './subscription-card';

/** The family's optional services per student (ADR 0035), and subscribing to another. */
export function Subscriptions({ schoolId }: { schoolId: string }) {
  const subscriptions = useFamilySubscriptionsQuery(schoolId);
  const offers = useSubscribablesQuery(schoolId);
  // Cards are an extra: when they cannot be read the subscriptions still show.
  const cards = useCardSubscriptionsQuery(schoolId);
  if (subscriptions.isLoading || offers.isLoading)
    return <Spinner label="Cargando tus suscripciones…" />;
  const failed = subscriptions.error ?? offers.error;
  if (failed || !subscriptions.data || !offers.data)
    return (
      <ErrorState
        message={readError(failed).message}
        onRetry={() => {
          void subscriptions.refetch();
          void offers.refetch();
        }}
      />
    );
  const active = subscriptions.data
    .filter((s) => s.status === 'ACTIVE')
    .sort((a, b) => a.student.name.localeCompare(b.student.name, 'es'));
  return (
    <>
      {active.length === 0 ? (
        <EmptyState
          title="Aún no tienes suscripciones"
          description="Aquí verás los servicios opcionales de tus alumnos, como el comedor o el transporte."
        />
      ) : (
        active.map((s) => (
          <SubscriptionCard
            key={s.id}
            subscription={s}
            card={cards.data?.find((c) => c.subscription_id === s.id)}
          />
        ))
      )}
      <SubscribeForm schoolId={schoolId} offers={offers.data} />
    </>
  );
}
