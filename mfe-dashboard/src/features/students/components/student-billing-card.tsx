import { CONCEPT_TYPE_LABELS } from '@cuota/contracts/billing/concepts';
import type { Order } from '@cuota/contracts/billing/orders';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import { DateText } from '@cuota/ui/date-text';
import { formatPeriod } from '@cuota/ui/dates';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { readError } from '@cuota/web-core/api/api-error';
import { useStudentConceptsQuery } from '../api/students-api';

/** What the student is billed: each concept with its orders, amounts and status today. */
export function StudentBillingCard({ studentId }: { studentId: string }) {
  const concepts = useStudentConceptsQuery(studentId);
  return (
    <Card title="Cobranza" aria-label="Cobranza">
      {concepts.isLoading && <Spinner label="Cargando las órdenes del alumno…" />}
      {concepts.error && (
        <ErrorState
          message={readError(concepts.error).message}
          onRetry={() => void concepts.refetch()}
        />
      )}
      {concepts.data?.length === 0 && <p>El alumno aún no tiene órdenes.</p>}
      {concepts.data?.map((concept) => (
        <DataTable<Order>
          key={concept.concept_id}
          caption={`${concept.concept_name} (${CONCEPT_TYPE_LABELS[concept.concept_type]})`}
          rows={concept.orders}
          rowKey={(o) => o.id}
          columns={[
            { header: 'Periodo', cell: (o) => (o.period ? formatPeriod(o.period) : '—') },
            { header: 'Vence', cell: (o) => <DateText date={o.due_on} /> },
            { header: 'Monto', align: 'end', cell: (o) => <MoneyText centavos={o.final_amount} /> },
            {
              header: 'Pendiente',
              align: 'end',
              cell: (o) => <MoneyText centavos={o.pending_amount} />,
            },
            {
              header: 'Estatus',
              cell: (o) => <StatusBadge kind="orderPayment" status={o.status} />,
            },
          ]}
        />
      ))}
    </Card>
  );
}
