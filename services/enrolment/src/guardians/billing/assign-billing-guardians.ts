import type { AssignBilling } from '@cuota/contracts/enrolment/guardian-profile';
import type { Executor } from '@cuota/messaging/transaction';
import { saveStudent } from '../../students/student-repository';
import { linksOfStudents } from '../student-guardian-repository';
import { billingAssignmentRefusal } from '../guardian-rules';

/**
 * Makes each guardian the billing guardian (invoice receiver) of the student, all in the
 * caller's transaction: one refused pair refuses them all. Each change publishes
 * enrolment.student.updated carrying billing_guardian_id (billing and invoicing follow it).
 */
export async function assignBillingGuardians(
  tx: Executor,
  assignments: AssignBilling[],
): Promise<void> {
  const links = await linksOfStudents(tx, [...new Set(assignments.map((a) => a.student_id))]);
  const refusal = billingAssignmentRefusal(assignments, links);
  if (refusal) throw refusal;
  for (const a of assignments)
    await saveStudent(tx, a.student_id, { billingGuardianId: a.guardian_id });
}
