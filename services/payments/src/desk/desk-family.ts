import { UNKNOWN_DESK_STUDENT } from '@cuota/contracts/payments/endpoints/desk';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import {
  studentIdsOfGuardian,
  studentOfSchool,
} from '@cuota/student-directory/student-directory-repository';
import type { DueOrder } from '../allocation/allocation-rules';
import { dueOrders } from '../allocation/due-orders';
import type { BillingClient } from '../billing/billing-client';
import { owedBalances } from '../ledger/ledger-repository';
import type { OwedShare } from '../owed/owed-rules';

/** The student at the desk and their siblings (ADR 0036). */
export interface DeskFamilyMembers {
  studentId: string;
  guardianId: string | null;
  /** The student first, then the siblings: the school's students of the same billing guardian. */
  memberIds: string[];
}

export async function familyAtDesk(
  db: Executor,
  schoolId: string,
  studentId: string,
): Promise<DeskFamilyMembers> {
  const family = await familyOf(db, schoolId, studentId);
  if (!family) throw notFound(UNKNOWN_DESK_STUDENT);
  return family;
}

/** The student and their siblings, or null when the school has no such student. */
export async function familyOf(
  db: Executor,
  schoolId: string,
  studentId: string,
): Promise<DeskFamilyMembers | null> {
  const student = await studentOfSchool(db, schoolId, studentId);
  if (!student) return null;
  const guardianId = student.billingGuardianId;
  const all = guardianId ? await studentIdsOfGuardian(db, schoolId, guardianId) : [];
  const siblings = all.filter((id) => id !== studentId).sort();
  return { studentId, guardianId, memberIds: [studentId, ...siblings] };
}

/**
 * What each open order of the family owes now: billing's prices for today (one request per
 * student, in parallel) less payments' allocations billing has not heard of yet. `watermark`
 * is the allocation seq read before asking.
 */
export async function dueOfFamily(
  db: Executor,
  billing: BillingClient,
  schoolId: string,
  memberIds: string[],
  watermark: number,
): Promise<DueOrder[]> {
  const quoted = await Promise.all(memberIds.map((id) => billing.openOrdersOf(schoolId, id)));
  const due = await dueOrders(db, quoted.flat(), watermark);
  return due.filter((o) => o.baseDue + o.lateFeeDue > 0);
}

/**
 * What refunds left each member owing (ADR 0036), the student at the desk first: the order a
 * payment collects it in. Members who owe nothing are left out.
 */
export async function owedOfFamily(
  db: Executor,
  schoolId: string,
  memberIds: string[],
): Promise<OwedShare[]> {
  const owed = await owedBalances(db, schoolId, memberIds);
  return memberIds
    .map((studentId) => ({ studentId, centavos: owed.get(studentId) ?? 0 }))
    .filter((s) => s.centavos > 0);
}
