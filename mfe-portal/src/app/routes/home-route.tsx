import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { DependentsList } from '../../features/students/components/dependents-list';

// Its own chunk, after the children: the billing contracts stay off the home's first load.
const FamilyBalance = lazy(() => import('../../features/payments/components/family-balance'));

export function HomeRoute() {
  const me = useGuardianMeQuery();
  const schoolId = useCurrentSchool().school?.id;
  const title = me.data ? `Hola, ${me.data.first_name}` : 'Inicio';
  return (
    <Page title={title}>
      {schoolId && (
        <Suspense fallback={null}>
          <FamilyBalance schoolId={schoolId} />
        </Suspense>
      )}
      <h2>Tus alumnos</h2>
      <DependentsList />
    </Page>
  );
}
