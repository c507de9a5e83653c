import { formatPeriod } from '@cuota/ui/dates';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@cuota/ui/button';
import { FieldLabel, FormColumn, FormError, Select } from '@cuota/ui/form-pieces';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useConceptsQuery, useCreateBillRunMutation } from '../api/billing-api';
import { BillRunResult } from './bill-run-result';

/**
 * A bill run: one concept and period for every active student of its level. Running it again
 * creates nothing new (the service inserts only what is missing).
 */
export function BillRunForm({ schoolId, canRun }: { schoolId: string; canRun: boolean }) {
  const concepts = useConceptsQuery(schoolId);
  const [conceptId, setConceptId] = useState('');
  const [period, setPeriod] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [run, running] = useCreateBillRunMutation();
  const concept = concepts.data?.find((c) => c.id === conceptId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!concept) return setProblem('Elige un concepto.');
    if (concept.recurrence === 'MONTHLY' && !period) return setProblem('Elige el mes a cobrar.');
    setProblem(null);
    setRunId(null);
    const answer = await run({
      idempotencyKey: newIdempotencyKey(),
      run: {
        school_id: schoolId,
        concept_id: concept.id,
        ...(concept.recurrence === 'MONTHLY' ? { period } : {}),
      },
    });
    if ('error' in answer) setProblem(readError(answer.error).message);
    else setRunId(answer.data.id);
  };

  if (concepts.isLoading) return <Spinner label="Cargando conceptos…" />;
  return (
    <>
      <FormColumn aria-label="Generar órdenes" onSubmit={(e) => void submit(e)}>
        <FieldLabel>
          Concepto
          <Select
            value={conceptId}
            onChange={(e) => {
              setConceptId(e.target.value);
              setPeriod('');
            }}
          >
            <option value="">Elige un concepto</option>
            {concepts.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </FieldLabel>
        {concept?.recurrence === 'MONTHLY' && (
          <FieldLabel>
            Mes
            <Select value={period} onChange={(e) => setPeriod(e.target.value)}>
              <option value="">Elige el mes</option>
              {concept.periods.map((p) => (
                <option key={p} value={p}>
                  {formatPeriod(p)}
                </option>
              ))}
            </Select>
          </FieldLabel>
        )}
        {(problem ?? concepts.error) && (
          <FormError>{problem ?? readError(concepts.error).message}</FormError>
        )}
        <Button
          type="submit"
          disabled={!canRun || running.isLoading}
          title={canRun ? undefined : 'Tu rol no puede generar órdenes.'}
        >
          {running.isLoading ? 'Generando…' : 'Generar órdenes'}
        </Button>
      </FormColumn>
      {runId && <BillRunResult key={runId} runId={runId} />}
    </>
  );
}

export function BillRunPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canRun = useGrant('concepts.write');
  return (
    <Page title="Generar órdenes" narrow>
      <ReadOnlyNote permission="concepts.write" action="generar órdenes" />
      {schoolId && <BillRunForm schoolId={schoolId} canRun={canRun} />}
      <p>
        <Link to="masivos">Asignar, quitar o becar a alumnos elegidos (procesos masivos)</Link>
      </p>
    </Page>
  );
}
