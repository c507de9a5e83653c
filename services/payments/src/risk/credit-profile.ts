import {
  CARD_REFUSED_FOR_RISK,
  CARD_REFUSED_RISK_LEVELS,
  type CreditProfile,
  type CreditProfileInput,
} from '@cuota/contracts/payments/credit-profile';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { assertMayRead } from '../payins/payin-access';
import { payinById } from '../payins/payin-repository';
import { conflict, HttpError, notFound } from '@cuota/service-runtime/http/http-error';
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

/** Why a family may not pay by card in a school (it was judged high risk), or null. */
export async function cardRefusalOf(db: Executor, schoolId: string, guardianId: string) {
  return refusalAt((await creditProfileOf(db, schoolId, guardianId))?.riskLevel ?? null);
}

const refusalAt = (riskLevel: CreditProfileRow['riskLevel'] | null) =>
  riskLevel && CARD_REFUSED_RISK_LEVELS.includes(riskLevel) ? CARD_REFUSED_FOR_RISK : null;

/** Card checkout refuses a family the school judged high risk (spec §6), in Spanish. */
export async function assertMayPayByCard(db: Executor, schoolId: string, guardianId: string) {
  assertRiskAllowsCard((await creditProfileOf(db, schoolId, guardianId))?.riskLevel ?? null);
}

/** As assertMayPayByCard, with the family's risk level already read (null: never judged). */
export function assertRiskAllowsCard(riskLevel: CreditProfileRow['riskLevel'] | null) {
  const refusal = refusalAt(riskLevel);
  if (refusal) throw new HttpError(403, 'FORBIDDEN', refusal);
}

/**
 * A card payment marked as blocked: its family becomes high_risk in the payment's school.
 * Marking again, or a family already high_risk, changes nothing and answers the profile.
 * The payment itself is left as the gateway settles it: money it took is refunded, if at
 * all, through the refund, never here.
 */
export async function markPaymentBlocked(
  db: Executor,
  caller: IdentityClaims,
  paymentId: string,
  requireStaffOf: (schoolId: string, unknown: string) => unknown,
) {
  const payin = await assertMayRead(db, caller, await payinById(db, paymentId), requireStaffOf);
  if (payin.type !== 'CARD' || !payin.guardianId)
    throw conflict('Solo un pago con tarjeta de una familia puede marcarse como bloqueado.');
  const { schoolId, guardianId } = payin;
  const now = await creditProfileOf(db, schoolId, guardianId);
  if (now && CARD_REFUSED_RISK_LEVELS.includes(now.riskLevel))
    return answerOf(schoolId, guardianId, now);
  const by =
    caller.kind === 'staff'
      ? { userId: caller.user_id, name: caller.name ?? null }
      : { userId: guardianId, name: 'La familia, desde el portal' };
  const input = {
    school_id: schoolId,
    risk_level: 'high_risk',
    paid_flag: now?.paidFlag ?? 'no_aply',
    note: `Pago ${paymentId} marcado como bloqueado.`,
  } as const;
  return answerOf(schoolId, guardianId, await saveCreditProfile(db, guardianId, input, by));
}
