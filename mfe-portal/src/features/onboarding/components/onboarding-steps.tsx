import styled from 'styled-components';
import { ONBOARDING_STAGES, type OnboardingStage } from '@cuota/contracts/enrolment/entities';
import { Badge } from '@cuota/ui/badge';

const STEPS: Record<OnboardingStage, { title: string; description: string }> = {
  PROFILE: { title: 'Perfil', description: 'Tus datos de contacto.' },
  BILLING: { title: 'Facturación', description: 'Quién paga y con qué datos fiscales.' },
  CFDI: { title: 'CFDI', description: 'Régimen fiscal y uso del CFDI para tus facturas.' },
  STUDENTS: { title: 'Estudiantes', description: 'Los estudiantes a tu cargo en la escuela.' },
  COMPLETED: { title: 'Listo', description: 'Tu cuenta está completa.' },
};

const List = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(6)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Step = styled.li`
  &[aria-current='step'] {
    font-weight: 600;
  }
  p {
    margin: 0;
    font-weight: normal;
  }
`;

type StepState = 'done' | 'current' | 'pending';

/** A completed registration has every step done, "Listo" included: nothing is in progress. */
function stateOf(index: number, stage: OnboardingStage): StepState {
  const currentIndex = ONBOARDING_STAGES.indexOf(stage);
  if (stage === 'COMPLETED' || index < currentIndex) return 'done';
  return index === currentIndex ? 'current' : 'pending';
}

const BADGES: Record<StepState, { tone: 'success' | 'info' | 'warning'; label: string }> = {
  done: { tone: 'success', label: 'Completado' },
  current: { tone: 'info', label: 'En curso' },
  pending: { tone: 'warning', label: 'Pendiente' },
};

/** Spec §2 onboarding steps, marking where this guardian is. */
export function OnboardingSteps({ stage }: { stage: OnboardingStage }) {
  return (
    <List aria-label="Pasos del registro">
      {ONBOARDING_STAGES.map((step, index) => {
        const state = stateOf(index, stage);
        return (
          <Step key={step} aria-current={state === 'current' ? 'step' : undefined}>
            {STEPS[step].title} <Badge tone={BADGES[state].tone}>{BADGES[state].label}</Badge>
            <p>{STEPS[step].description}</p>
          </Step>
        );
      })}
    </List>
  );
}
