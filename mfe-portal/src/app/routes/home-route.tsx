import { Page } from '@cuota/ui/page';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { DependentsList } from '../../features/students/components/dependents-list';

export function HomeRoute() {
  const me = useGuardianMeQuery();
  const title = me.data ? `Hola, ${me.data.first_name}` : 'Inicio';
  return (
    <Page title={title}>
      <h2>Tus alumnos</h2>
      <DependentsList />
    </Page>
  );
}
