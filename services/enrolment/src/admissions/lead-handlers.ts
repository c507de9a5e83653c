import {
  createLead as createLeadEndpoint,
  deleteAdmissionStudent as deleteStudentEndpoint,
  inscribeApplicant as inscribeEndpoint,
  inscriptionsBoard as boardEndpoint,
  promoteLead,
  readLead,
  studentInscriptions as studentInscriptionsEndpoint,
} from '@cuota/contracts/enrolment/endpoints/admissions';
import { UNKNOWN_STUDENT } from '@cuota/contracts/enrolment/endpoints/students';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { EnrolmentContext } from '../enrolment-db';
import { changeStudentStatus } from '../students/status/change-student-status';
import { admissionStudentFor } from './admission-access';
import { admissionStudent, inscriptionsBoard, studentInscriptions } from './admission-repository';
import { requireInAdmission } from './admission-rules';
import { createLead } from './create-lead';
import { deleteAdmissionStudent } from './delete-admission-student';
import { inscribeApplicant } from './inscribe-applicant';

/** Leads and applicants: create, read, move along the pipeline, delete, and the board. */
export function leadHandlers(ctx: EnrolmentContext) {
  const { db } = ctx;
  const answer = async (id: string) => {
    const lead = await admissionStudent(db, id);
    if (!lead) throw notFound(UNKNOWN_STUDENT);
    return lead;
  };

  return [
    implement(createLeadEndpoint, ({ body, caller, once }) => {
      const changedBy = caller.kind === 'staff' ? caller.user_id : null;
      return once(
        async (tx) => (await admissionStudent(tx, await createLead(tx, body, changedBy)))!,
      );
    }),

    implement(readLead, async (call) => {
      const student = await admissionStudentFor(db, call, call.params.id);
      return answer(student.id);
    }),

    /** Our extension: the lead applies (lead → new_student, "Aspirante"). */
    implement(promoteLead, async (call) => {
      const student = await admissionStudentFor(db, call, call.params.id);
      const staff = call.requireStaffOf(student.schoolId);
      await db.transaction((tx) =>
        changeStudentStatus(tx, {
          studentId: student.id,
          to: 'new_student',
          reason: call.body.reason ?? null,
          changedBy: staff.user_id,
        }),
      );
      return answer(student.id);
    }),

    /** Our extension: "Inscribir" (new_student → active), rule in admission-rules.ts. */
    implement(inscribeEndpoint, async (call) => {
      const student = await admissionStudentFor(db, call, call.params.id);
      const staff = call.requireStaffOf(student.schoolId);
      const result = await inscribeApplicant(ctx, student, call.body, staff.user_id);
      return { ...(await answer(student.id)), ...result };
    }),

    implement(deleteStudentEndpoint, async (call) => {
      const student = await admissionStudentFor(db, call, call.params.id);
      requireInAdmission(student);
      await db.transaction((tx) => deleteAdmissionStudent(tx, student));
    }),

    implement(boardEndpoint, ({ params, query }) => inscriptionsBoard(db, params.id, query)),

    implement(studentInscriptionsEndpoint, async (call) => {
      const student = await admissionStudentFor(db, call, call.params.id);
      return studentInscriptions(db, student.id, student.status);
    }),
  ];
}
