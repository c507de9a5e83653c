import { Suspense } from 'react';
import { todayInMexicoCity } from '@cuota/ui/dates';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { isInicio } from '@cuota/contracts/http/inicio-reads';
import { preloadable } from '@cuota/web-core/routing/preloadable';
import { useSession } from '@cuota/web-core/session/use-session';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { SchoolOverview } from '../../features/school/components/school-overview';

// The figures are a chunk of their own: the school and role show at once, from the session.
// When Inicio is the first screen the chunk is fetched with the dashboard's code, beside the
// reads ahead, and the figures draw without a fallback once it is in (issue 16); other first
// screens never load it.
const figures = preloadable(
  () => import(/* webpackChunkName: "page-home" */ '../../features/home/home-page'),
);
if (isInicio(window.location.pathname)) figures.preload();
const HomeFigures = figures.Component;

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
