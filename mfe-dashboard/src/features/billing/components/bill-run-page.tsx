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
import type { CreateBillRun } from '@cuota/contracts/billing/bill-runs';
import {
  useConceptsQuery,
  useCreateBillRunMutation,
  useLazyBillRunPreviewQuery,
} from '../api/billing-api';
import { BillRunPreviewCard } from './bill-run-preview';
import { BillRunResult } from './bill-run-result';

/**
 * A bill run: one concept and period for every active student of its level, started once its
 * preview (students and total, per level) is confirmed. A month runs once (ADR 0054).
 */
export function BillRunForm({ schoolId, canRun }: { schoolId: string; canRun: boolean }) {
  const concepts = useConceptsQuery(schoolId);
  const [conceptId, setConceptId] = useState('');
  const [period, setPeriod] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [run, running] = useCreateBillRunMutation();
  const [askPreview, preview] = useLazyBillRunPreviewQuery();
  const [asked, setAsked] = useState<CreateBillRun | null>(null);
  const concept = concepts.data?.find((c) => c.id === conceptId);

  // «Generar órdenes» asks what the run would bill; nothing is written until «Confirmar».
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!concept) return setProblem('Elige un concepto.');
    if (concept.recurrence === 'MONTHLY' && !period) return setProblem('Elige el mes a cobrar.');
    setProblem(null);
    setRunId(null);
    const input = {
      school_id: schoolId,
      concept_id: concept.id,
      ...(concept.recurrence === 'MONTHLY' ? { period } : {}),
    };
    const { school_id: _school, ...query } = input;
    const answer = await askPreview({ schoolId, query });
    if (answer.error) return setProblem(readError(answer.error).message);
    setAsked(input);
  };

  const confirm = async () => {
    if (!asked) return;
    const answer = await run({ idempotencyKey: newIdempotencyKey(), run: asked });
    setAsked(null);
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
              setAsked(null);
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
            <Select
              value={period}
              onChange={(e) => {
                setPeriod(e.target.value);
                setAsked(null);
              }}
            >
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
          disabled={!canRun || preview.isFetching}
          title={canRun ? undefined : 'Tu rol no puede generar órdenes.'}
        >
          {preview.isFetching ? 'Calculando…' : 'Generar órdenes'}
        </Button>
      </FormColumn>
      {asked && preview.data && concept && (
        <BillRunPreviewCard
          preview={preview.data}
          conceptName={concept.name}
          busy={running.isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setAsked(null)}
        />
      )}
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
