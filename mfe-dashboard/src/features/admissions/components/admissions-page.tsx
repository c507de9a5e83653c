import { Page } from '@cuota/ui/page';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { AdmissionsBoard } from './admissions-board';
import { CreateLeadForm } from './create-lead-form';

/** /dashboard/admissions: the board (admissions.read); forms only with admissions.write. */
export function AdmissionsPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canWrite = useGrant('admissions.write');
  return (
    <Page title="Admisiones">
      <ReadOnlyNote permission="admissions.write" action="registrar ni mover aspirantes" />
      {schoolId && canWrite && <CreateLeadForm schoolId={schoolId} />}
      {schoolId && <AdmissionsBoard schoolId={schoolId} />}
    </Page>
  );
}
