import { skipToken } from '@reduxjs/toolkit/query/react';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { DashboardPage } from '../../../components/dashboard-page';
import { FormError } from '@cuota/ui/form-pieces';
import { useCurrentSchool } from '../../../components/use-current-school';
import { useSchoolDetailQuery } from '../api/school-settings-api';
import { SchoolSettingsForm } from './school-settings-form';

/** /dashboard/settings: everyone with school.read sees it; school.write may edit. */
export function SchoolSettingsPage() {
  const { schoolId, can, loading } = useCurrentSchool();
  const school = useSchoolDetailQuery(schoolId ?? skipToken);
  return (
    <DashboardPage title="Escuela">
      {(loading || school.isLoading) && <Spinner />}
      {!loading && !schoolId && <EmptyState title="Sin escuelas" />}
      {school.error && <FormError>{readError(school.error).message}</FormError>}
      {school.currentData && (
        <SchoolSettingsForm
          key={school.currentData.id}
          school={school.currentData}
          canEdit={can('school.write')}
        />
      )}
    </DashboardPage>
  );
}
