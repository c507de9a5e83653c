import { Card } from '@cuota/ui/card';
import { MoneyText } from '@cuota/ui/money-text';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { billingApi, useBillRunQuery } from '../api/billing-api';
import { CancelJob, JobProgressBar } from './massive-job-progress';

const POLL_MS = 1000;

/**
 * A bill run's progress, read again until it finishes: a big run is a job (ADR 0046) whose
 * bar moves as its chunks commit, and which can be cancelled meanwhile.
 */
export function BillRunResult({ runId }: { runId: string }) {
  // What is cached decides whether to keep asking: a finished run is not read again.
  const cached = billingApi.endpoints.billRun.useQueryState(runId).data;
  const finished = cached && cached.status !== 'PENDING';
  const run = useBillRunQuery(runId, { pollingInterval: finished ? 0 : POLL_MS }).data;
  if (!run) return <Spinner label="Generando órdenes…" />;
  return (
    <Card
      title="Resultado de la generación"
      aria-label="Resultado de la generación"
      focusTitle
      aria-live="polite"
    >
      <p>
        <StatusBadge kind="job" status={run.status} />
      </p>
      {run.progress && <JobProgressBar job={run.progress} />}
      <dl>
        <dt>Alumnos elegibles</dt>
        <dd>{run.eligible_students}</dd>
        <dt>Órdenes creadas</dt>
        <dd>{run.created_orders}</dd>
        <dt>Ya existían</dt>
        <dd>{run.existing_orders}</dd>
        <dt>Total generado</dt>
        <dd>
          <MoneyText centavos={run.total_centavos} />
        </dd>
      </dl>
      {run.error && <p role="alert">{run.error}</p>}
      {run.progress && (
        <CancelJob schoolId={run.school_id} id={run.id} kind="bill_run" job={run.progress} />
      )}
    </Card>
  );
}
