import { PortalPage } from '../../components/portal-page';
import { DependentsList } from '../../features/students/components/dependents-list';

export function StudentsRoute() {
  return (
    <PortalPage title="Estudiantes">
      <DependentsList />
    </PortalPage>
  );
}
