import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  changeStudentStatus as changeStatusEndpoint,
  inactivateStudent,
  reactivateStudent,
  studentStatusHistory,
  UNKNOWN_STUDENT,
} from '@cuota/contracts/enrolment/endpoints/students';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../../caller';
import type { EnrolmentContext } from '../../enrolment-db';
import { authorizeStudent } from '../student-access';
import { studentProfile } from '../student-profile-repository';
import { statusHistoryOf } from '../student-repository';
import { changeStudentStatus } from './change-student-status';

/**
 * The spec's inactivate (DELETE) and reactivate (PATCH), our general status move
 * (POST …/status/) for the other transitions of ADR 0008, and the history of those moves.
 */
export function studentStatusHandlers({ db }: EnrolmentContext) {
  async function move(call: Caller, id: string, to: StudentStatus, reason: string | undefined) {
    const { actor } = await authorizeStudent(db, call, id);
    await db.transaction((tx) =>
      changeStudentStatus(tx, {
        studentId: id,
        to,
        reason: reason || null,
        changedBy: actor.kind === 'staff' ? actor.userId : null,
      }),
    );
    const student = await studentProfile(db, id);
    if (!student) throw notFound(UNKNOWN_STUDENT);
    return student;
  }

  return [
    implement(inactivateStudent, (call) =>
      move(call, call.params.id, 'inactive', call.body.reason),
    ),
    implement(reactivateStudent, (call) => move(call, call.params.id, 'active', call.body.reason)),
    implement(changeStatusEndpoint, (call) =>
      move(call, call.params.id, call.body.status, call.body.reason),
    ),

    implement(studentStatusHistory, async (call) => {
      await authorizeStudent(db, call, call.params.id);
      return statusHistoryOf(db, call.params.id);
    }),
  ];
}
