import {
  assignAdmissionConcepts,
  checkPayments as checkPaymentsEndpoint,
  checkPaymentsBatch,
  unassignAdmissionConcepts,
} from '@cuota/contracts/enrolment/endpoints/admissions';
import { UNKNOWN_STUDENT } from '@cuota/contracts/enrolment/endpoints/students';
import type { AdmissionConcepts } from '@cuota/contracts/enrolment/admissions';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../caller';
import type { EnrolmentContext } from '../enrolment-db';
import { ownStudentIds } from '../guardians/student-guardian-repository';
import { studentRefs, type StudentRef } from '../students/student-repository';
import { admissionStudentFor } from './admission-access';
import { assignConcepts } from './assign-concepts';
import { unassignConcepts } from './unassign-concepts';
import { requireInAdmission } from './admission-rules';
import { conceptIdsOf } from './inscription-repository';
import { checkPayments } from './check-payments';

/** Concepts of an admission (published for billing) and the payment check (asked of billing). */
export function inscriptionHandlers(ctx: EnrolmentContext) {
  const { db } = ctx;

  async function changeConcepts(
    call: Caller,
    input: AdmissionConcepts,
    change: typeof assignConcepts,
  ) {
    const student = await admissionStudentFor(db, call, input.student_id);
    requireInAdmission(student);
    const changed = await db.transaction((tx) => change(tx, student, input.concept_ids));
    return { student_id: student.id, changed, concept_ids: await conceptIdsOf(db, student.id) };
  }

  /** Every id must be a student of the school; one that is not is a 404 for the whole call. */
  async function studentsOfSchool(schoolId: string, ids: string[]): Promise<StudentRef[]> {
    const found = await studentRefs(db, ids);
    if (found.length !== new Set(ids).size || found.some((s) => s.schoolId !== schoolId))
      throw notFound(UNKNOWN_STUDENT);
    return found;
  }

  return [
    implement(assignAdmissionConcepts, (call) => changeConcepts(call, call.body, assignConcepts)),
    implement(unassignAdmissionConcepts, (call) =>
      changeConcepts(call, call.body, unassignConcepts),
    ),

    implement(checkPaymentsEndpoint, async (call) => {
      const student = await admissionStudentFor(db, call, call.params.id);
      return checkPayments(ctx, student, call.requireStaffOf(student.schoolId).user_id);
    }),

    /** Several students at once: staff of the school, or a guardian for their own children. */
    implement(checkPaymentsBatch, async ({ body, caller }) => {
      if (caller.kind === 'guardian') {
        const own = await ownStudentIds(db, caller.guardian_id, body.student_ids);
        if (body.student_ids.some((id) => !own.has(id))) throw notFound(UNKNOWN_STUDENT);
      }
      const changedBy = caller.kind === 'staff' ? caller.user_id : null;
      const results = [];
      for (const student of await studentsOfSchool(body.school_id, body.student_ids))
        results.push(await checkPayments(ctx, student, changedBy));
      return { results };
    }),
  ];
}
