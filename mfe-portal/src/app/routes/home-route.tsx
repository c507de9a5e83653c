import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { PortalPage } from '../../components/portal-page';
import { DependentsList } from '../../features/students/components/dependents-list';

export function HomeRoute() {
  const me = useGuardianMeQuery();
  const title = me.data ? `Hola, ${me.data.first_name}` : 'Inicio';
  return (
    <PortalPage title={title}>
      <h2>Tus estudiantes</h2>
      <DependentsList />
    </PortalPage>
  );
}
