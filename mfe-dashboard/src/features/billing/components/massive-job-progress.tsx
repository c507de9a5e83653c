import {
  BULK_JOB_GRANTS,
  type BulkJob,
  type BulkJobKind,
  type BulkJobProgress,
} from '@cuota/contracts/billing/bulk-jobs';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { massiveJobsApi, useCancelJobMutation, useMassiveJobQuery } from '../api/massive-jobs-api';

const POLL_MS = 1000;
const RUNNING = ['PENDING', 'STARTED', 'RETRYING'];
export const isRunning = (job: Pick<BulkJob, 'status'>) => RUNNING.includes(job.status);

export const KIND_LABELS: Record<BulkJob['kind'], string> = {
  assignment: 'Asignación de concepto',
  disassignment: 'Retiro de concepto',
  scholarship: 'Beca masiva',
  bill_run: 'Generación de órdenes',
  discount: 'Descuento masivo',
};

/** The students a job could not do, each with its reason. */
export function JobErrors({ job }: { job: Pick<BulkJob, 'errors'> }) {
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

/** How far a job is: its students gone through as a bar, and those that failed with why. */
export function JobProgressBar({ job }: { job: BulkJobProgress }) {
  return (
    <>
      <label>
        {job.done} de {job.total} alumnos
        <progress value={job.done} max={job.total} style={{ display: 'block', width: '100%' }} />
      </label>
      {job.failed > 0 && <p>{job.failed} con error.</p>}
      <JobErrors job={job} />
    </>
  );
}

/** Cancels a running job (what is done stays); only for a role that may start its kind. */
export function CancelJob({
  schoolId,
  id,
  kind,
  job,
}: {
  schoolId: string;
  id: string;
  kind: BulkJobKind;
  job: BulkJobProgress;
}) {
  const [cancel, canceling] = useCancelJobMutation();
  const allowed = useGrant(BULK_JOB_GRANTS[kind]);
  if (!isRunning(job)) return null;
  if (job.cancel_requested) return <p>Cancelando: lo ya hecho se queda.</p>;
  if (!allowed) return null;
  return (
    <Button
      variant="secondary"
      disabled={canceling.isLoading}
      onClick={() => void cancel({ schoolId, id })}
    >
      Cancelar proceso
    </Button>
  );
}

/** A job's progress bar, read again each second until it ends; it can be cancelled meanwhile. */
export function MassiveJobProgress({ schoolId, jobId }: { schoolId: string; jobId: string }) {
  const arg = { schoolId, id: jobId };
  const cached = massiveJobsApi.endpoints.massiveJob.useQueryState(arg).data;
  const job = useMassiveJobQuery(arg, {
    pollingInterval: cached && !isRunning(cached) ? 0 : POLL_MS,
  }).data;
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
      <JobProgressBar job={job} />
      <CancelJob schoolId={schoolId} id={jobId} kind={job.kind} job={job} />
    </Card>
  );
}
