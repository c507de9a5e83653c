import { Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { portalPageAt } from '@cuota/web-core/routing/portal-pages';
import { preloadable } from '@cuota/web-core/routing/preloadable';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { DependentsList } from '../../features/students/components/dependents-list';

// Its own chunk, after the children: the billing contracts stay off the home's first load. The
// chunk is the one the portal exposes as `page/home` (its webpack config names it), which the
// shell loads ahead on the home; there it draws without a fallback once in (issue 16).
const familyBalance = preloadable(
  () =>
    import(/* webpackChunkName: "page-home" */ '../../features/payments/components/family-balance'),
);
if (portalPageAt(window.location.pathname)?.subpath === '') familyBalance.preload();
const FamilyBalance = familyBalance.Component;

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
