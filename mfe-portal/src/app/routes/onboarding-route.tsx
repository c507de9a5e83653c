import { useParams } from 'react-router';
import { Card } from '@cuota/ui/card';
import { Notice } from '@cuota/ui/notice';
import { Page } from '@cuota/ui/page';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useSession } from '@cuota/web-core/session/use-session';
import { OnboardingSteps } from '../../features/onboarding/components/onboarding-steps';

export function OnboardingRoute() {
  const { guardianHash = '' } = useParams();
  const stage = useSession().data?.user.onboarding_stage ?? 'PROFILE';
  const completed = stage === 'COMPLETED';
  return (
    <Page title={completed ? 'Tu registro' : 'Completa tu registro'} narrow>
      {completed ? (
        <Notice tone="success">
          <p>
            Tu registro está completo.{' '}
            <UtmLink to={`/guardians/${guardianHash}`}>Ir al inicio</UtmLink>
          </p>
        </Notice>
      ) : (
        <p>
          Antes de pagar en línea necesitamos completar tu registro. Tu escuela te ayudará con los
          pasos pendientes.
        </p>
      )}
      <Card title="Tu avance">
        <OnboardingSteps stage={stage} />
      </Card>
    </Page>
  );
}
