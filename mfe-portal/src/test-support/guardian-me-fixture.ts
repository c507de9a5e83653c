import type { GuardianMe } from '@cuota/contracts/enrolment/responses';
import { GUARDIAN_HASH } from '@cuota/web-core/test-support/session-fixtures';

/** guardian.me of María López: two students at one school. */
export const guardianMeFixture: GuardianMe = {
  id: 'guardian-1',
  first_name: 'María',
  last_name: 'López',
  email: 'maria@example.mx',
  guardian_hash: GUARDIAN_HASH,
  onboarding_stage: 'COMPLETED',
  fraud_status: 'no_risk',
  schools: [{ id: 'school-1', name: 'Colegio Montessori del Valle' }],
  dependents: [
    {
      id: 'student-1',
      first_name: 'Sofía',
      last_name: 'López Ruiz',
      school_id: 'school-1',
      level: 'elementary',
      section: { id: 'section-1', name: '3° A' },
      status: 'active',
      guardians: [],
      billing_guardian: null,
    },
    {
      id: 'student-2',
      first_name: 'Diego',
      last_name: 'López Ruiz',
      school_id: 'school-1',
      level: 'middle-high',
      section: null,
      status: 'active',
      guardians: [],
      billing_guardian: null,
    },
  ],
};
