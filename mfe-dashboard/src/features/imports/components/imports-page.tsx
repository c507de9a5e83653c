import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { DashboardPage } from '../../../components/dashboard-page';
import { useCurrentSchool } from '../../../components/use-current-school';
import { useImportJobsQuery } from '../api/imports-api';
import { ImportProgress } from './import-progress';
import { UploadForm } from './upload-form';

/** /dashboard/imports: upload, follow the job, read its result; earlier jobs below. */
export function ImportsPage() {
  const { schoolId, loading } = useCurrentSchool();
  const [jobId, setJobId] = useState<string | null>(null);
  const jobs = useImportJobsQuery(schoolId ?? skipToken);
  const latest = jobId ?? jobs.data?.results[0]?.id ?? null;
  return (
    <DashboardPage title="Importar alumnos">
      {loading && <Spinner />}
      {!loading && !schoolId && <EmptyState title="Sin escuelas" />}
      {schoolId && <UploadForm schoolId={schoolId} onStarted={setJobId} />}
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
    </DashboardPage>
  );
}
