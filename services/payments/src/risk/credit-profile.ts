import {
  CARD_REFUSED_FOR_RISK,
  CARD_REFUSED_RISK_LEVELS,
  type CreditProfile,
  type CreditProfileInput,
} from '@cuota/contracts/payments/credit-profile';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import { studentIdsOfGuardian } from '@cuota/student-directory/student-directory-repository';
import {
  creditProfileOf,
  saveCreditProfile,
  type CreditProfileRow,
} from './credit-profile-repository';

const UNKNOWN_GUARDIAN = 'No encontramos a este tutor en la escuela.';

function answerOf(schoolId: string, guardianId: string, row: CreditProfileRow | null) {
  const riskLevel = row?.riskLevel ?? 'no_risk';
  return {
    guardian_id: guardianId,
    school_id: schoolId,
    risk_level: riskLevel,
    paid_flag: row?.paidFlag ?? 'no_aply',
    note: row?.note ?? null,
    card_blocked: CARD_REFUSED_RISK_LEVELS.includes(riskLevel),
    updated_by_name: row?.updatedByName ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  } satisfies CreditProfile;
}

/** A guardian is the school's when payments' directory has a student of theirs there. */
async function assertGuardianOfSchool(db: Executor, schoolId: string, guardianId: string) {
  if (!(await studentIdsOfGuardian(db, schoolId, guardianId)).length)
    throw notFound(UNKNOWN_GUARDIAN);
}

export async function readCreditProfile(db: Executor, schoolId: string, guardianId: string) {
  await assertGuardianOfSchool(db, schoolId, guardianId);
  return answerOf(schoolId, guardianId, await creditProfileOf(db, schoolId, guardianId));
}

export async function setCreditProfile(
  db: Executor,
  guardianId: string,
  input: CreditProfileInput,
  by: { userId: string; name: string | null },
) {
  await assertGuardianOfSchool(db, input.school_id, guardianId);
  return answerOf(input.school_id, guardianId, await saveCreditProfile(db, guardianId, input, by));
}

/** Card checkout refuses a family the school judged high risk (spec §6), in Spanish. */
export async function assertMayPayByCard(db: Executor, schoolId: string, guardianId: string) {
  const row = await creditProfileOf(db, schoolId, guardianId);
  if (row && CARD_REFUSED_RISK_LEVELS.includes(row.riskLevel))
    throw new HttpError(403, 'FORBIDDEN', CARD_REFUSED_FOR_RISK);
}
