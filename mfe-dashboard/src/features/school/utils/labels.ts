import type { SchoolStatus, StaffRole } from '@cuota/contracts/enrolment/entities';

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  OWNER: 'Propietario',
  GENERAL_DIRECTOR: 'Director general',
  ADMINISTRATIVE_DIRECTOR: 'Director administrativo',
  ACCOUNTANT: 'Contador',
  TREASURER: 'Tesorero',
  ADMISSIONS: 'Admisiones',
  CASH_COLLECTION: 'Cobranza en caja',
  OTHER: 'Otro',
};

export const SCHOOL_STATUS_LABELS: Record<SchoolStatus, string> = {
  operando: 'Operando',
  baja: 'Dada de baja',
  onboarding: 'En incorporación',
  paused: 'En pausa',
};
