import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';

export { STAFF_ROLE_LABELS } from '@cuota/contracts/enrolment/entities';

export const SCHOOL_STATUS_LABELS: Record<SchoolStatus, string> = {
  operando: 'Operando',
  baja: 'Dada de baja',
  onboarding: 'En incorporación',
  paused: 'En pausa',
};
