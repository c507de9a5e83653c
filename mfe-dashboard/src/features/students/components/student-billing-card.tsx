import { useState } from 'react';
import { CONCEPT_TYPE_LABELS } from '@cuota/contracts/billing/concepts';
import type { Order } from '@cuota/contracts/billing/orders';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { Notice } from '@cuota/ui/notice';
import { DataTable } from '@cuota/ui/data-table';
import { DateText } from '@cuota/ui/date-text';
import { formatPeriod } from '@cuota/ui/dates';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { OrderDetailCard, type OrderGrants } from './order-detail-card';
import { ScholarshipForm } from './scholarship-form';
import { useStudentConceptsQuery } from '../api/students-api';

type Concepts = { concept_id: string; concept_name: string }[];

/** «Otorgar beca» (scholarships.write), then what the grant left as it was, if anything. */
function GrantScholarship({ studentId, concepts }: { studentId: string; concepts: Concepts }) {
  const schoolId = useCurrentSchool().school?.id;
  const [granting, setGranting] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  if (!schoolId) return null;
  if (granting)
    return (
      <ScholarshipForm
        schoolId={schoolId}
        studentId={studentId}
        concepts={concepts}
        onDone={(said) => {
          setNote(said);
          setGranting(false);
        }}
      />
    );
  return (
    <>
      {note && <Notice>{note}</Notice>}
      <Button variant="secondary" onClick={() => setGranting(true)}>
        Otorgar beca
      </Button>
    </>
  );
}
/**
 * What the student is billed: each concept with its orders, amounts and status today; «Ver»
 * opens one order with its corrections (and, with billing.write, the actions to correct it).
 */
export function StudentBillingCard({ studentId, can }: { studentId: string; can: OrderGrants }) {
  const concepts = useStudentConceptsQuery(studentId);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card title="Cobranza" aria-label="Cobranza">
      {can.scholarships && concepts.data && (
        <GrantScholarship studentId={studentId} concepts={concepts.data} />
      )}
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
              cell: (o) =>
                o.canceled_at ? 'Cancelada' : <StatusBadge kind="orderPayment" status={o.status} />,
            },
            {
              header: 'Orden',
              cell: (o) => (
                <Button
                  variant="ghost"
                  aria-label={`Ver ${concept.concept_name} ${o.period ? formatPeriod(o.period) : ''}`.trim()}
                  onClick={() => setOpen(o.id)}
                >
                  Ver
                </Button>
              ),
            },
          ]}
        />
      ))}
      {open && (
        <OrderDetailCard key={open} orderId={open} can={can} onClose={() => setOpen(null)} />
      )}
    </Card>
  );
}
