import {
  BULK_JOB_KINDS,
  BULK_OPERATION_STATUSES,
  type BulkJob,
  type BulkJobKind,
  type BulkOperationStatus,
} from '@cuota/contracts/billing/bulk-jobs';
import { formatInstant, formatPeriod } from '@cuota/ui/dates';
import { useState } from 'react';
import styled from 'styled-components';
import { FilterSelect } from '@cuota/ui/filter-select';
import { FormRow } from '@cuota/ui/form-pieces';
import { Pagination } from '@cuota/ui/pagination';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { STATUS_LOOKS } from '@cuota/ui/status-labels';
import { useConceptsQuery } from '../api/billing-api';
import { useMassiveJobsQuery } from '../api/massive-jobs-api';
import { isRunning, JobErrors, KIND_LABELS } from './massive-job-progress';
import { plural } from './massive-job-students';

/** Runs per page: a week of daily bill runs and the odd assignment. */
export const HISTORY_PAGE_SIZE = 10;

const Runs = styled.ol`
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.space(3)} 0 0;
  & > li {
    padding: ${({ theme }) => theme.space(3)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  & p {
    margin: ${({ theme }) => theme.space(1)} 0;
  }
`;

const KIND_OPTIONS = BULK_JOB_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));
const STATUS_OPTIONS = BULK_OPERATION_STATUSES.map((s) => ({
  value: s,
  label: STATUS_LOOKS.bulk[s].label,
}));

/** Who started a run: the name kept with it, or who it was when none was kept. */
const starterOf = (job: BulkJob) =>
  job.created_by_name ?? (job.created_by ? 'un miembro del personal' : 'el sistema');

/** What a run was about: its concept and month, what tells one «Generación de órdenes» from the next. */
function useSubjectOf(schoolId: string) {
  const concepts = useConceptsQuery(schoolId).data;
  return (job: BulkJob) => {
    const { concept_id, period } = job.params as { concept_id?: string; period?: string };
    const name = concepts?.find((c) => c.id === concept_id)?.name;
    return [name, period && formatPeriod(period)].filter(Boolean).join(' · ');
  };
}

function Run({ job, subject }: { job: BulkJob; subject: string }) {
  const ok = job.done - job.failed;
  return (
    <li>
      <p>
        <strong>{KIND_LABELS[job.kind]}</strong>
        {subject && ` · ${subject}`} <StatusBadge kind="bulk" status={job.status} />
      </p>
      <p>
        {formatInstant(job.created_at)} · iniciado por {starterOf(job)}
      </p>
      <p>
        {plural(ok, 'correcto', 'correctos')} · {job.failed.toLocaleString('es-MX')} con error ·{' '}
        {job.done.toLocaleString('es-MX')} de {plural(job.total, 'alumno', 'alumnos')}
      </p>
      {isRunning(job) && (
        <progress
          aria-label="Avance"
          value={job.done}
          max={job.total}
          style={{ display: 'block', width: '100%' }}
        />
      )}
      <JobErrors job={job} />
    </li>
  );
}

/** The school's runs, newest first, a page at a time, by kind and status, with what failed. */
export function MassiveJobHistory({ schoolId }: { schoolId: string }) {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<BulkJobKind | undefined>();
  const [status, setStatus] = useState<BulkOperationStatus | undefined>();
  const subjectOf = useSubjectOf(schoolId);
  const query = {
    schoolId,
    page,
    page_size: HISTORY_PAGE_SIZE,
    ...(kind && { kind }),
    ...(status && { status }),
  };
  const jobs = useMassiveJobsQuery(query, { pollingInterval: 5000 }).data;
  const filtered = kind !== undefined || status !== undefined;
  return (
    <section aria-label="Historial de procesos masivos">
      <FormRow>
        <FilterSelect
          label="Tipo de proceso"
          value={kind}
          options={KIND_OPTIONS}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
        />
        <FilterSelect
          label="Estatus"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </FormRow>
      {!jobs ? (
        <Spinner label="Cargando historial…" />
      ) : jobs.count === 0 ? (
        <p>
          {filtered ? 'Ningún proceso coincide con los filtros.' : 'Aún no hay procesos masivos.'}
        </p>
      ) : (
        <>
          <p>{jobs.count.toLocaleString('es-MX')} procesos, el más reciente primero.</p>
          <Runs>
            {jobs.results.map((job) => (
              <Run key={job.id} job={job} subject={subjectOf(job)} />
            ))}
          </Runs>
          <Pagination
            label="Páginas del historial"
            page={page}
            pageCount={Math.max(1, Math.ceil(jobs.count / HISTORY_PAGE_SIZE))}
            onPageChange={setPage}
          />
        </>
      )}
    </section>
  );
}
