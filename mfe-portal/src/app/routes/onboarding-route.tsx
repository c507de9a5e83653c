import { lazy, Suspense } from 'react';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { useSession } from '@cuota/web-core/session/use-session';

// Its forms (react-hook-form, SAT's catalogs) load only for a guardian who opens it.
const Registration = lazy(() => import('../../features/onboarding/components/registration'));

export function OnboardingRoute() {
  const user = useSession().data?.user;
  const completed = user?.onboarding_stage === 'COMPLETED';
  return (
    <Page title={completed ? 'Mis datos' : 'Completa tu registro'} narrow>
      {user && (
        <Suspense fallback={<Spinner label="Cargando tu registro…" />}>
          <Registration guardianId={user.id} />
        </Suspense>
      )}
    </Page>
  );
}
