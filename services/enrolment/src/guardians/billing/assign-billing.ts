import { eq, inArray } from 'drizzle-orm';
import type { AssignBilling } from '@cuota/contracts/enrolment/guardian-profile';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { studentGuardians, students } from '../../schema';
import { publishStudentUpdated } from '../../students/student-snapshot';

/**
 * Makes each guardian the billing guardian (invoice receiver) of the student, all in the
 * caller's transaction: one refused pair refuses them all. Each changed student publishes
 * enrolment.student.updated carrying billing_guardian_id (billing and invoicing follow it).
 */
export async function assignBillingGuardians(
  tx: Executor,
  assignments: AssignBilling[],
): Promise<void> {
  const studentIds = [...new Set(assignments.map((a) => a.student_id))];
  const links = await tx
    .select({ studentId: studentGuardians.studentId, guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(inArray(studentGuardians.studentId, studentIds));
  const linked = new Set(links.map((l) => `${l.studentId}/${l.guardianId}`));
  const refused = assignments
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => !linked.has(`${a.student_id}/${a.guardian_id}`));
  if (refused.length)
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      'El tutor de facturación debe ser uno de los tutores del alumno.',
      refused.map(({ i }) => ({
        path: `assignments.${i}.guardian_id`,
        message: 'Este tutor no es tutor de este alumno.',
      })),
    );
  for (const a of assignments) {
    await tx
      .update(students)
      .set({ billingGuardianId: a.guardian_id, updatedAt: new Date() })
      .where(eq(students.id, a.student_id));
    await publishStudentUpdated(tx, a.student_id);
  }
}
