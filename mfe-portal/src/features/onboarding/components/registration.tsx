import { useState } from 'react';
import { useParams } from 'react-router';
import type { GuardianDetail } from '@cuota/contracts/enrolment/guardian-profile';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useAlert } from '@cuota/web-core/alert/use-alert';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useSession } from '@cuota/web-core/session/use-session';
import { useGuardianRecordQuery } from '../api/registration-api';
import { REGISTRATION_STEPS, type RegistrationStep } from '../utils/registration-steps';
import { BillingStep } from './billing-step';
import { CfdiStep } from './cfdi-step';
import { OnboardingSteps } from './onboarding-steps';
import { ProfileStep, type StepProps } from './profile-step';
import { StudentsStep } from './students-step';

const STEP_FORMS: Record<RegistrationStep, (props: StepProps) => React.JSX.Element> = {
  PROFILE: ProfileStep,
  BILLING: BillingStep,
  CFDI: CfdiStep,
  STUDENTS: StudentsStep,
};

/**
 * Spec §2 onboarding: one step at a time (PROFILE → BILLING → CFDI → STUDENTS) until the
 * registration is complete; then every step stays here to edit (the menu's «Mis datos»).
 */
export default function Registration({ guardianId }: { guardianId: string }) {
  const { guardianHash = '' } = useParams();
  const record = useGuardianRecordQuery(guardianId);
  const [viewing, setViewing] = useState<RegistrationStep | null>(null);
  const { reread } = useAuthActions();
  const { showAlert } = useAlert();
  // The portal opens once the session knows the registration is complete (after reread).
  const opened = useSession().data?.user.onboarding_stage === 'COMPLETED';
  if (record.isLoading) return <Spinner label="Cargando tu registro…" />;
  if (!record.data) {
    return (
      <EmptyState
        title={readError(record.error).message}
        action={<Button onClick={() => void record.refetch()}>Reintentar</Button>}
      />
    );
  }
  const guardian = record.data;
  const stage = guardian.onboarding_stage;
  const saved = (next: GuardianDetail) => {
    setViewing(null);
    // The session's copy of the stage decides whether the portal still sends them here.
    if (next.onboarding_stage === 'COMPLETED' && stage !== 'COMPLETED')
      reread().catch(() =>
        showAlert('Tu registro quedó completo. Recarga la página para ver todo el portal.', 'info'),
      );
  };

  if (stage === 'COMPLETED') {
    return (
      <>
        <Notice tone="success">
          <p role="status">
            Tu registro está completo.{' '}
            {opened ? (
              <UtmLink to={`/guardians/${guardianHash}`}>Ir al inicio</UtmLink>
            ) : (
              'Abriendo tu portal…'
            )}
          </p>
        </Notice>
        {REGISTRATION_STEPS.map((step) => {
          const Form = STEP_FORMS[step];
          return <Form key={step} guardian={guardian} mode="edit" onSaved={saved} />;
        })}
      </>
    );
  }
  const step = viewing ?? stage;
  const index = REGISTRATION_STEPS.indexOf(step);
  const Form = STEP_FORMS[step];
  return (
    <>
      <p>
        Paso {index + 1} de {REGISTRATION_STEPS.length}. Necesitamos estos datos antes de que puedas
        pagar en línea.
      </p>
      <Form
        key={step}
        guardian={guardian}
        mode="step"
        onSaved={saved}
        onBack={index > 0 ? () => setViewing(REGISTRATION_STEPS[index - 1]!) : undefined}
      />
      <details>
        <summary>Tu avance</summary>
        <OnboardingSteps stage={stage} />
      </details>
    </>
  );
}
