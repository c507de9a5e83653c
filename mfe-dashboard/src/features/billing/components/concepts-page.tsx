import { useState } from 'react';
import styled from 'styled-components';
import type { Concept } from '@cuota/contracts/billing/concepts';
import { Button } from '@cuota/ui/button';
import { CellNote } from '@cuota/ui/cell-note';
import { DataTable } from '@cuota/ui/data-table';
import { EmptyState } from '@cuota/ui/empty-state';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useConceptsQuery, useDeleteConceptMutation } from '../api/billing-api';
import { conceptText, dueText, lateFeeText, type CellText } from '../utils/concept-text';
import { ConceptBatchForm } from './concept-batch-form';
import { ConceptForm } from './concept-form';

export const NO_CONCEPTS_WRITE = 'Tu rol no puede crear ni editar conceptos.';
const HAS_ORDERS = 'Ya tiene órdenes: no se puede eliminar.';

/** Short labels side by side (each button's name says the concept, in aria-label). */
const RowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A cell's main text with its terms underneath. */
function Lines({ text }: { text: CellText }) {
  return (
    <>
      {text.main}
      {text.note && <CellNote>{text.note}</CellNote>}
    </>
  );
}

/** Asks before deleting a concept that has no orders yet. */
function ConfirmDelete({ concept, onDone }: { concept: Concept; onDone: () => void }) {
  const [remove, { isLoading }] = useDeleteConceptMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    setProblem(null);
    try {
      await remove(concept.id).unwrap();
      onDone();
    } catch (failure) {
      setProblem(readError(failure).message);
    }
  };
  return (
    <div role="group" aria-label={`Confirmar eliminar ${concept.name}`}>
      <FormRow>
        <p>¿Eliminar {concept.name}? Ya no se podrá usar para generar órdenes.</p>
        <Button onClick={() => void confirm()} disabled={isLoading}>
          {isLoading ? 'Eliminando…' : 'Sí, eliminar'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </FormRow>
      {problem && <FormError>{problem}</FormError>}
    </div>
  );
}

/** The school's concepts; with concepts.write, create one or edit a saved one. */
export function ConceptsView({ schoolId, canWrite }: { schoolId: string; canWrite: boolean }) {
  const concepts = useConceptsQuery(schoolId);
  const [editing, setEditing] = useState<Concept | 'new' | 'batch' | null>(null);
  const [deleting, setDeleting] = useState<Concept | null>(null);
  const reason = canWrite ? undefined : NO_CONCEPTS_WRITE;

  if (editing === 'batch')
    return <ConceptBatchForm schoolId={schoolId} onDone={() => setEditing(null)} />;
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
      <RowActions>
        <Button disabled={!canWrite} title={reason} onClick={() => setEditing('new')}>
          Nuevo concepto
        </Button>
        <Button
          variant="secondary"
          disabled={!canWrite}
          title={reason}
          onClick={() => setEditing('batch')}
        >
          Crear en lote
        </Button>
      </RowActions>
      {deleting && (
        <ConfirmDelete key={deleting.id} concept={deleting} onDone={() => setDeleting(null)} />
      )}
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
          oneLineOnPhones
          empty={
            <EmptyState
              title="Aún no hay conceptos"
              description="Crea la colegiatura y la inscripción para poder generar órdenes."
            />
          }
          columns={[
            {
              header: 'Nombre',
              sortValue: (c) => c.name,
              cell: (c) => <Lines text={conceptText(c)} />,
            },
            {
              header: 'Precio',
              align: 'end',
              sortValue: (c) => c.price_centavos,
              cell: (c) => <MoneyText centavos={c.price_centavos} />,
            },
            { header: 'Vencimiento', cell: (c) => <Lines text={dueText(c)} /> },
            { header: 'Recargo', cell: (c) => <Lines text={lateFeeText(c.late_fee)} /> },
            { header: 'Órdenes', align: 'end', cell: (c) => c.orders },
            {
              header: 'Acciones',
              cell: (c) => (
                <RowActions>
                  <Button
                    variant="secondary"
                    disabled={!canWrite}
                    title={reason}
                    aria-label={`Editar ${c.name}`}
                    onClick={() => setEditing(c)}
                  >
                    Editar
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={!canWrite || c.orders > 0}
                    title={reason ?? (c.orders > 0 ? HAS_ORDERS : undefined)}
                    aria-label={`Eliminar ${c.name}`}
                    onClick={() => setDeleting(c)}
                  >
                    Eliminar
                  </Button>
                </RowActions>
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
