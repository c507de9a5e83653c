import type { z } from 'zod';
import {
  guardiansOfStudent as guardiansOfStudentEndpoint,
  listStudents,
  readStudent,
  registerStudent,
  replaceStudent,
  republishStudent,
  UNKNOWN_STUDENT,
  updateStudent as updateStudentEndpoint,
} from '@cuota/contracts/enrolment/endpoints/students';
import {
  guardianPatchStudentSchema,
  guardianReplaceStudentSchema,
  patchStudentSchema,
  replaceStudentSchema,
  type StudentChanges,
} from '@cuota/contracts/enrolment/student-detail';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { Executor } from '@cuota/messaging/transaction';
import type { Caller } from '../caller';
import type { EnrolmentContext } from '../enrolment-db';
import { studentListPageJson } from './list/student-list-answer-repository';
import { createStudent } from './create-student';
import { authorizeStudent } from './student-access';
import { guardiansOfStudent, studentProfile } from './student-profile-repository';
import { publishStudentUpdated } from './student-snapshot-repository';
import { studentAsSeenBy } from './student-rules';
import { updateStudent } from './update-student';

/** Staff edit placement and matrícula too; a guardian only the personal data. */
const EDIT_SCHEMAS: Record<
  'PUT' | 'PATCH',
  Record<'staff' | 'guardian', z.ZodType<StudentChanges>>
> = {
  PUT: { staff: replaceStudentSchema, guardian: guardianReplaceStudentSchema },
  PATCH: { staff: patchStudentSchema, guardian: guardianPatchStudentSchema },
};

/** A student's record: register, read, edit; its guardians; re-publishing it. */
export function studentHandlers({ db }: EnrolmentContext) {
  /** The record as this caller may see it (studentAsSeenBy: guardians' contacts or not). */
  const profileFor = async (call: Caller, id: string, executor: Executor = db) => {
    const student = await studentProfile(executor, id);
    if (!student) throw notFound(UNKNOWN_STUDENT);
    return studentAsSeenBy(student, call.caller);
  };

  /** Each caller is held to their own schema (the definition's body admits both). */
  async function edit(call: Caller, method: 'PUT' | 'PATCH', id: string, raw: unknown) {
    const { actor } = await authorizeStudent(db, call, id);
    const changes = parseInput(EDIT_SCHEMAS[method][actor.kind], raw);
    await db.transaction((tx) => updateStudent(tx, id, changes));
    return profileFor(call, id);
  }

  return [
    implement(listStudents, async ({ query: { school_id, ...query } }) =>
      Reply.json(await studentListPageJson(db, school_id, query)),
    ),

    implement(registerStudent, (call) => {
      const { body, caller } = call;
      const changedBy = caller.kind === 'staff' ? caller.user_id : null;
      return call.once(async (tx) => {
        const id = await createStudent(tx, { ...body, changed_by: changedBy });
        return profileFor(call, id, tx);
      });
    }),

    implement(readStudent, async (call) => {
      await authorizeStudent(db, call, call.params.id);
      return profileFor(call, call.params.id);
    }),

    implement(replaceStudent, (call) => edit(call, 'PUT', call.params.id, call.req.body)),
    implement(updateStudentEndpoint, (call) => edit(call, 'PATCH', call.params.id, call.req.body)),

    implement(guardiansOfStudentEndpoint, async (call) => {
      await authorizeStudent(db, call, call.params.id);
      return guardiansOfStudent(db, call.params.id);
    }),

    /**
     * trigger-save-action: the student's current state published again as
     * enrolment.student.updated so billing and invoicing resync. 202: the event is on its way.
     */
    implement(republishStudent, async (call) => {
      await authorizeStudent(db, call, call.params.id);
      await db.transaction((tx) => publishStudentUpdated(tx, call.params.id));
      return { student_id: call.params.id, published: 'enrolment.student.updated' as const };
    }),
  ];
}
