import type { BulkJob } from '@cuota/contracts/billing/bulk-jobs';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { massiveJobsApi, useCancelJobMutation, useMassiveJobQuery } from '../api/massive-jobs-api';

const POLL_MS = 1000;
const RUNNING = ['PENDING', 'STARTED', 'RETRYING'];
export const isRunning = (job: Pick<BulkJob, 'status'>) => RUNNING.includes(job.status);

export const KIND_LABELS: Record<BulkJob['kind'], string> = {
  assignment: 'Asignación de concepto',
  disassignment: 'Retiro de concepto',
  scholarship: 'Beca masiva',
};

/** The students a job could not do, each with its reason. */
export function JobErrors({ job }: { job: BulkJob }) {
  if (job.errors.length === 0) return null;
  return (
    <details>
      <summary>
        {job.errors.length === 1 ? '1 alumno con error' : `${job.errors.length} alumnos con error`}
      </summary>
      <ul>
        {job.errors.map((e) => (
          <li key={e.student_id}>
            <strong>{e.student_name ?? 'Alumno desconocido'}</strong>: {e.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A job's progress bar, read again each second until it ends; it can be cancelled meanwhile. */
export function MassiveJobProgress({ schoolId, jobId }: { schoolId: string; jobId: string }) {
  const arg = { schoolId, id: jobId };
  const cached = massiveJobsApi.endpoints.massiveJob.useQueryState(arg).data;
  const job = useMassiveJobQuery(arg, {
    pollingInterval: cached && !isRunning(cached) ? 0 : POLL_MS,
  }).data;
  const [cancel, canceling] = useCancelJobMutation();
  if (!job) return <Spinner label="Iniciando el proceso…" />;
  return (
    <Card
      title={KIND_LABELS[job.kind]}
      aria-label="Avance del proceso"
      focusTitle
      aria-live="polite"
    >
      <p>
        <StatusBadge kind="bulk" status={job.status} />
      </p>
      <label>
        {job.done} de {job.total} alumnos
        <progress value={job.done} max={job.total} style={{ display: 'block', width: '100%' }} />
      </label>
      {job.failed > 0 && <p>{job.failed} con error.</p>}
      <JobErrors job={job} />
      {isRunning(job) && !job.cancel_requested && (
        <Button variant="secondary" disabled={canceling.isLoading} onClick={() => void cancel(arg)}>
          Cancelar proceso
        </Button>
      )}
      {job.cancel_requested && isRunning(job) && <p>Cancelando: lo ya hecho se queda.</p>}
    </Card>
  );
}
