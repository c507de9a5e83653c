import { Page } from '@cuota/ui/page';
import { DependentsList } from '../../features/students/components/dependents-list';

export function StudentsRoute() {
  return (
    <Page title="Alumnos">
      <DependentsList />
    </Page>
  );
}
