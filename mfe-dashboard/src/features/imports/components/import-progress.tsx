import styled from 'styled-components';
import {
  IMPORT_JOB_STATUS_LABELS,
  type ImportJobStatus,
} from '@cuota/contracts/enrolment/student-import';
import { Badge } from '@cuota/ui/badge';
import type { Tone } from '@cuota/ui/theme';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError } from '@cuota/ui/form-pieces';
import { errorReportUrl, importsApi, useImportJobQuery } from '../api/imports-api';

const TONES: Record<ImportJobStatus, Tone> = {
  PENDING: 'info',
  FINISHED: 'success',
  FINISHED_WITH_ERROR: 'warning',
  ERROR: 'error',
};

const Bar = styled.progress`
  width: 100%;
  height: 1rem;
`;

const Counts = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  margin: 0;
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

/** One job: a progress bar polled while it runs, then its counts and the error report. */
export function ImportProgress({ jobId, pollMs = 1_000 }: { jobId: string; pollMs?: number }) {
  // The cached answer decides whether to keep asking: a finished job changes no more.
  const cached = importsApi.endpoints.importJob.useQueryState(jobId);
  const running = !cached.data || cached.data.status === 'PENDING';
  const { data: job, error } = useImportJobQuery(jobId, { pollingInterval: running ? pollMs : 0 });
  const done = !!job && job.status !== 'PENDING';
  if (error) return <FormError>{readError(error).message}</FormError>;
  if (!job) return null;
  return (
    <section aria-label={`Importación ${job.file_name}`}>
      <p>
        <strong>{job.file_name}</strong>{' '}
        <Badge tone={TONES[job.status]}>{IMPORT_JOB_STATUS_LABELS[job.status]}</Badge>
      </p>
      <Bar
        max={Math.max(job.total_rows, 1)}
        value={job.processed_rows}
        aria-label="Avance de la importación"
      />
      <p>
        {job.processed_rows} de {job.total_rows} filas procesadas
      </p>
      <Counts>
        <dt>Alumnos creados</dt>
        <dd>{job.created_rows}</dd>
        <dt>Ya existían (omitidos)</dt>
        <dd>{job.skipped_rows}</dd>
        <dt>Filas con errores</dt>
        <dd>{job.error_rows}</dd>
      </Counts>
      {job.failure && <FormError>{job.failure}</FormError>}
      {job.error_rows > 0 && done && (
        <p>
          Reporte de errores: <a href={errorReportUrl(job.id, 'xlsx')}>Excel</a> ·{' '}
          <a href={errorReportUrl(job.id, 'csv')}>CSV</a>
        </p>
      )}
    </section>
  );
}
