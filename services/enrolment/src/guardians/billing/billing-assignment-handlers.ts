import { assignBilling, assignBillings } from '@cuota/contracts/enrolment/endpoints/guardians';
import { UNKNOWN_STUDENT } from '@cuota/contracts/enrolment/endpoints/students';
import type { AssignBilling } from '@cuota/contracts/enrolment/guardian-profile';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../../caller';
import type { EnrolmentContext } from '../../enrolment-db';
import { studentRefs } from '../../students/student-repository';
import { ownStudentIds } from '../student-guardian-repository';
import { assignBillingGuardians } from './assign-billing-guardians';

/**
 * PATCH /api/v1/guardians/assign_billing/ and assign_billings/. The spec lists them under
 * invoicing; the billing guardian is a property of the student, which enrolment owns.
 */
export function billingAssignmentHandlers({ db }: EnrolmentContext) {
  /**
   * Staff need students.write in every student's school; a guardian may choose among the
   * guardians of their own dependents only. An unknown or foreign student is a 404.
   */
  async function authorize(call: Caller, list: AssignBilling[]) {
    const ids = [...new Set(list.map((a) => a.student_id))];
    const found = await studentRefs(db, ids);
    if (found.length !== ids.length) throw notFound(UNKNOWN_STUDENT);
    const { caller } = call;
    if (caller.kind === 'guardian') {
      const own = await ownStudentIds(db, caller.guardian_id, ids);
      if (ids.some((id) => !own.has(id))) throw notFound(UNKNOWN_STUDENT);
    } else for (const s of found) call.requireStaffOf(s.schoolId, UNKNOWN_STUDENT);
  }

  async function assign(call: Caller, list: AssignBilling[]) {
    await authorize(call, list);
    await db.transaction((tx) => assignBillingGuardians(tx, list));
    return list.map((a) => ({ student_id: a.student_id, billing_guardian_id: a.guardian_id }));
  }

  return [
    implement(assignBilling, (call) => assign(call, [call.body])),
    implement(assignBillings, (call) => assign(call, call.body.assignments)),
  ];
}
