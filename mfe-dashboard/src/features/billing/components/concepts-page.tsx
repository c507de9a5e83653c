import { useState } from 'react';
import { CONCEPT_TYPE_LABELS, type Concept } from '@cuota/contracts/billing/concepts';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { Button } from '@cuota/ui/button';
import { DataTable } from '@cuota/ui/data-table';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useConceptsQuery } from '../api/billing-api';
import { dueText, lateFeeText } from '../utils/concept-text';
import { ConceptForm } from './concept-form';

export const NO_CONCEPTS_WRITE = 'Tu rol no puede crear ni editar conceptos.';

/** The school's concepts; with concepts.write, create one or edit a saved one. */
export function ConceptsView({ schoolId, canWrite }: { schoolId: string; canWrite: boolean }) {
  const concepts = useConceptsQuery(schoolId);
  const [editing, setEditing] = useState<Concept | 'new' | null>(null);
  const reason = canWrite ? undefined : NO_CONCEPTS_WRITE;

  if (editing)
    return (
      <ConceptForm
        key={editing === 'new' ? 'new' : editing.id}
        schoolId={schoolId}
        concept={editing === 'new' ? undefined : editing}
        onDone={() => setEditing(null)}
      />
    );
  return (
    <>
      <div>
        <Button disabled={!canWrite} title={reason} onClick={() => setEditing('new')}>
          Nuevo concepto
        </Button>
      </div>
      {concepts.isLoading && <Spinner label="Cargando conceptos…" />}
      {concepts.error && (
        <ErrorState
          message={readError(concepts.error).message}
          onRetry={() => void concepts.refetch()}
        />
      )}
      {concepts.data && (
        <DataTable<Concept>
          caption="Conceptos de cobro"
          rows={concepts.data}
          rowKey={(c) => c.id}
          defaultSort={{ column: 'Nombre', direction: 'ascending' }}
          empty={
            <EmptyState
              title="Aún no hay conceptos"
              description="Crea la colegiatura y la inscripción para poder generar órdenes."
            />
          }
          columns={[
            { header: 'Nombre', sortValue: (c) => c.name, cell: (c) => c.name },
            { header: 'Tipo', cell: (c) => CONCEPT_TYPE_LABELS[c.concept_type] },
            {
              header: 'Precio',
              align: 'end',
              sortValue: (c) => c.price_centavos,
              cell: (c) => <MoneyText centavos={c.price_centavos} />,
            },
            {
              header: 'Nivel',
              cell: (c) => (c.level ? EDUCATION_LEVEL_LABELS[c.level] : 'Todos'),
            },
            { header: 'Vencimiento', cell: dueText },
            { header: 'Recargo', cell: (c) => lateFeeText(c.late_fee) },
            { header: 'Órdenes', align: 'end', cell: (c) => c.orders },
            {
              header: 'Acciones',
              cell: (c) => (
                <Button
                  variant="secondary"
                  disabled={!canWrite}
                  title={reason}
                  onClick={() => setEditing(c)}
                >
                  Editar {c.name}
                </Button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

export function ConceptsPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canWrite = useGrant('concepts.write');
  return (
    <Page title="Conceptos">
      <ReadOnlyNote permission="concepts.write" action="crear ni editar conceptos" />
      {schoolId && <ConceptsView schoolId={schoolId} canWrite={canWrite} />}
    </Page>
  );
}
