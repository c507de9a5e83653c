import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { FamilyCredit } from '@cuota/contracts/payments/credit';
import {
  studentIdsOfGuardian,
  studentNames,
} from '@cuota/student-directory/student-directory-repository';
import {
  creditBalances,
  owedBalances,
  studentsOwing,
  studentsWithCredit,
} from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { familyScope } from '../payins/payin-access';

/**
 * The credit the school holds per student and what refunds left each owing (ADR 0036): a
 * family sees each of its students (zeros included); staff see the school's students who
 * hold credit or owe a refund.
 */
export async function familyCredit(
  deps: PaymentsDeps,
  schoolId: string,
  caller: IdentityClaims,
): Promise<FamilyCredit> {
  const { db } = deps;
  const guardianId = familyScope(caller, schoolId);
  const ids = guardianId
    ? await studentIdsOfGuardian(db, schoolId, guardianId)
    : [
        ...new Set([
          ...(await studentsWithCredit(db, schoolId)),
          ...(await studentsOwing(db, schoolId)),
        ]),
      ];
  const [names, credit, owed] = await Promise.all([
    studentNames(db, ids),
    creditBalances(db, schoolId, ids),
    owedBalances(db, schoolId, ids),
  ]);
  const students = ids
    .map((id) => ({
      student_id: id,
      name: names.get(id) ?? id,
      credit_centavos: credit.get(id) ?? 0,
      refund_owed_centavos: owed.get(id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const sum = (pick: (s: (typeof students)[number]) => number) =>
    students.reduce((s, x) => s + pick(x), 0);
  return {
    students,
    credit_centavos: sum((s) => s.credit_centavos),
    refund_owed_centavos: sum((s) => s.refund_owed_centavos),
  };
}
