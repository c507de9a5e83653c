import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { FamilyCredit } from '@cuota/contracts/payments/credit';
import {
  studentIdsOfGuardian,
  studentNames,
} from '@cuota/student-directory/student-directory-repository';
import { creditBalances, studentsWithCredit } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { familyScope } from '../payins/payin-access';

/**
 * The credit the school holds per student (ADR 0036): a family sees each of its students
 * (zero included); staff see the school's students who hold any.
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
    : await studentsWithCredit(db, schoolId);
  const [names, credit] = await Promise.all([
    studentNames(db, ids),
    creditBalances(db, schoolId, ids),
  ]);
  const students = ids
    .map((id) => ({
      student_id: id,
      name: names.get(id) ?? id,
      credit_centavos: credit.get(id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  return { students, credit_centavos: students.reduce((s, x) => s + x.credit_centavos, 0) };
}
