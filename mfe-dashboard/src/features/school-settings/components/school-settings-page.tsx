import { skipToken } from '@reduxjs/toolkit/query/react';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { Page } from '@cuota/ui/page';
import { FormError } from '@cuota/ui/form-pieces';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useSchoolDetailQuery, useSchoolPrivacyNoticeQuery } from '../api/school-settings-api';
import { PrivacyNoticeForm } from './privacy-notice-form';
import { SchoolSettingsForm } from './school-settings-form';

/** /dashboard/settings: everyone with school.read sees it; school.write may edit. */
export function SchoolSettingsPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canEdit = useGrant('school.write');
  const school = useSchoolDetailQuery(schoolId ?? skipToken);
  const notice = useSchoolPrivacyNoticeQuery(schoolId ?? skipToken);
  return (
    <Page title="Datos de la escuela">
      {school.isLoading && <Spinner label="Cargando los datos de la escuela…" />}
      {school.error && <FormError>{readError(school.error).message}</FormError>}
      {school.currentData && (
        <SchoolSettingsForm
          key={school.currentData.id}
          school={school.currentData}
          canEdit={canEdit}
        />
      )}
      {notice.error && <FormError>{readError(notice.error).message}</FormError>}
      {schoolId && notice.currentData && (
        <PrivacyNoticeForm
          // Its own key: the school form beside it is keyed by the same id.
          key={`aviso-${schoolId}`}
          schoolId={schoolId}
          notice={notice.currentData.privacy_notice}
          canEdit={canEdit}
        />
      )}
    </Page>
  );
}
