import type { OnboardingStage, RiskLevel } from '@cuota/contracts/enrolment/entities';
import type { GuardianMe } from '@cuota/contracts/enrolment/responses';
import type { GuardianIdentity } from '@cuota/contracts/identity/sign-in';
import type { Executor } from '@cuota/messaging/transaction';
import {
  guardianMeRecord,
  guardianRecordByHash,
  guardianRecordsByEmail,
  schoolsOfGuardian,
  type GuardianRecord,
} from './guardian-repository';

// schools/school-access.ts reads a guardian's schools from here.
export { schoolsOfGuardian };

function identityOf(row: GuardianRecord, schools: GuardianIdentity['schools']): GuardianIdentity {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    guardian_hash: row.guardianHash,
    onboarding_stage: row.onboardingStage as OnboardingStage,
    fraud_status: row.fraudStatus as RiskLevel,
    schools,
  };
}

/** The guardian behind a portal link, as the BFF signs them in. */
export async function guardianByHash(db: Executor, hash: string): Promise<GuardianIdentity | null> {
  const row = await guardianRecordByHash(db, hash);
  return row ? identityOf(row, await schoolsOfGuardian(db, row.id)) : null;
}

/** The school's guardians with this e-mail, as the BFF sends each their sign-in link. */
export async function guardiansByEmail(
  db: Executor,
  schoolId: string,
  email: string,
): Promise<GuardianIdentity[]> {
  const rows = await guardianRecordsByEmail(db, schoolId, email);
  return Promise.all(rows.map(async (row) => identityOf(row, await schoolsOfGuardian(db, row.id))));
}

/** guardian.me (spec §3): the guardian, their schools and every dependent with guardians. */
export function guardianMe(db: Executor, id: string): Promise<GuardianMe | null> {
  return guardianMeRecord(db, id);
}
