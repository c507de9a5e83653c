import { formatPeriod } from '@cuota/ui/dates';
import { Card } from '@cuota/ui/card';
import { DateText } from '@cuota/ui/date-text';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useFamilyOrdersQuery } from '../api/portal-payments-api';
import { subscriptionsOf } from '../utils/subscriptions';

/** What each student is billed every month: amount, months billed, and the next one due. */
export function Subscriptions({ schoolId }: { schoolId: string }) {
  const orders = useFamilyOrdersQuery(schoolId);
  if (orders.isLoading) return <Spinner label="Cargando tus suscripciones…" />;
  if (orders.error || !orders.data)
    return (
      <ErrorState message={readError(orders.error).message} onRetry={() => void orders.refetch()} />
    );
  const subscriptions = subscriptionsOf(orders.data);
  if (subscriptions.length === 0)
    return (
      <EmptyState
        title="Aún no tienes suscripciones"
        description="Aquí verás los cargos mensuales de tus alumnos, como la colegiatura o el transporte."
      />
    );
  return subscriptions.map((s) => (
    <Card
      key={s.key}
      title={`${s.conceptName} · ${s.studentName}`}
      aria-label={`${s.conceptName} de ${s.studentName}`}
    >
      <p>
        <MoneyText centavos={s.monthlyCentavos} /> al mes · {s.months}{' '}
        {s.months === 1 ? 'mes generado' : 'meses generados'}
      </p>
      <p>
        {s.nextDue ? (
          <>
            Próximo pago: {formatPeriod(s.nextDue.period!)}, vence el{' '}
            <DateText date={s.nextDue.due_on} />
          </>
        ) : (
          'Al corriente'
        )}
      </p>
    </Card>
  ));
}
