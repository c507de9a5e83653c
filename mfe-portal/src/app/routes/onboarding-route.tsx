import { Card } from '@cuota/ui/card';
import { useSession } from '@cuota/web-core/session/use-session';
import { PortalPage } from '../../components/portal-page';
import { OnboardingSteps } from '../../features/onboarding/components/onboarding-steps';

export function OnboardingRoute() {
  const stage = useSession().data?.user.onboarding_stage ?? 'PROFILE';
  return (
    <PortalPage title="Completa tu registro">
      <Card title="Tu avance">
        <p>
          Antes de pagar en línea necesitamos completar tu registro. Tu escuela te ayudará con los
          pasos pendientes.
        </p>
        <OnboardingSteps stage={stage} />
      </Card>
    </PortalPage>
  );
}
