import { lazy, Suspense } from 'react';
import { todayInMexicoCity } from '@cuota/ui/dates';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useSession } from '@cuota/web-core/session/use-session';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { SchoolOverview } from '../../features/school/components/school-overview';

// The figures are a chunk of their own: the school and role show at once, from the session.
const HomeFigures = lazy(() => import('../../features/home/home-page'));

/** Inicio: the school and the member's role, then the figures their role may read. */
export function HomeRoute() {
  const { data } = useSession();
  const { school } = useCurrentSchool();
  return (
    <Page title="Inicio">
      {school && (
        <Suspense fallback={<Spinner label="Cargando las cifras…" />}>
          <HomeFigures schoolId={school.id} today={todayInMexicoCity()} />
        </Suspense>
      )}
      {data && <SchoolOverview user={data.user} />}
    </Page>
  );
}
