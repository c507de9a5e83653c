import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { Page } from '@cuota/ui/page';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useImportJobsQuery } from '../api/imports-api';
import { ImportProgress } from './import-progress';
import { UploadForm } from './upload-form';

/** /dashboard/imports: upload, follow the job, read its result; earlier jobs below. */
export function ImportsPage() {
  const schoolId = useCurrentSchool().school?.id;
  const [jobId, setJobId] = useState<string | null>(null);
  const jobs = useImportJobsQuery(schoolId ?? skipToken);
  const latest = jobId ?? jobs.data?.results[0]?.id ?? null;
  return (
    <Page title="Importar alumnos">
      {schoolId && <UploadForm schoolId={schoolId} onStarted={setJobId} />}
      {jobs.error && (
        <ErrorState
          title="No pudimos cargar las importaciones"
          message={readError(jobs.error).message}
          onRetry={() => void jobs.refetch()}
        />
      )}
      {latest && (
        <Card title="Última importación">
          <ImportProgress key={latest} jobId={latest} />
        </Card>
      )}
      {schoolId && jobs.data?.results.length === 0 && (
        <EmptyState
          title="Aún no hay importaciones"
          description="Sube tu primer archivo con la plantilla."
        />
      )}
    </Page>
  );
}
