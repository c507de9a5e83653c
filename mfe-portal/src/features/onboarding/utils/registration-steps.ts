import { ONBOARDING_STAGES, type OnboardingStage } from '@cuota/contracts/enrolment/entities';

/** The steps a guardian fills in, in order (COMPLETED is where they lead). */
export const REGISTRATION_STEPS = ONBOARDING_STAGES.filter(
  (s): s is Exclude<OnboardingStage, 'COMPLETED'> => s !== 'COMPLETED',
);
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

export const STEP_TITLES: Record<RegistrationStep, string> = {
  PROFILE: 'Tus datos de contacto',
  BILLING: 'Facturación',
  CFDI: 'Uso del CFDI',
  STUDENTS: 'Tus estudiantes',
};

/** The stage a guardian reaches by finishing `step`. */
export const stageAfter = (step: RegistrationStep): OnboardingStage =>
  ONBOARDING_STAGES[ONBOARDING_STAGES.indexOf(step) + 1]!;

/** A form's text as the API wants it: blank means "none". */
export const orNull = (value: string | undefined): string | null => value?.trim() || null;
