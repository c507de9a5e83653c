import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { DashboardPage } from '../../../components/dashboard-page';
import { useCurrentSchool } from '../../../components/use-current-school';
import { AdmissionsBoard } from './admissions-board';
import { CreateLeadForm } from './create-lead-form';

/** /dashboard/admissions: the board (admissions.read); forms only with admissions.write. */
export function AdmissionsPage() {
  const { schoolId, can, loading } = useCurrentSchool();
  return (
    <DashboardPage title="Admisiones">
      {loading && <Spinner />}
      {!loading && !schoolId && <EmptyState title="Sin escuelas" />}
      {schoolId && can('admissions.write') && <CreateLeadForm schoolId={schoolId} />}
      {schoolId && <AdmissionsBoard schoolId={schoolId} />}
    </DashboardPage>
  );
}
