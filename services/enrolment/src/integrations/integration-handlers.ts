import {
  massiveSync,
  publicGuardians,
  publicSchoolCycles,
  publicSections,
  publicStudents,
  singleSync,
} from '@cuota/contracts/enrolment/endpoints/integrations';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { EnrolmentContext } from '../enrolment-db';
import { authorizeGuardian } from '../guardians/guardian-access';
import { publishGuardianUpdated } from '../guardians/guardian-repository';
import { authorizeStudent } from '../students/student-access';
import { publishStudentUpdated } from '../students/student-snapshot-repository';
import { PUBLIC_RESOURCES, publicPage } from './public-v1-repository';
import { resyncSchool, schoolSize } from './resync-school';

/** Public v1 reads and the integration tasks (re-publishing to other services). */
export function integrationHandlers({ db, logger }: EnrolmentContext) {
  return [
    implement(publicStudents, ({ query }) => publicPage(db, PUBLIC_RESOURCES.students, query)),
    implement(publicGuardians, ({ query }) => publicPage(db, PUBLIC_RESOURCES.guardians, query)),
    implement(publicSections, ({ query }) => publicPage(db, PUBLIC_RESOURCES.sections, query)),
    implement(publicSchoolCycles, ({ query }) =>
      publicPage(db, PUBLIC_RESOURCES.schoolCycles, query),
    ),

    implement(singleSync, async (call) => {
      const { student_id, guardian_id } = call.body;
      if (student_id) {
        const { student } = await authorizeStudent(db, call, student_id);
        await db.transaction((tx) => publishStudentUpdated(tx, student.id));
        return { school_id: student.schoolId, students: 1, guardians: 0 };
      }
      await authorizeGuardian(db, call, singleSync, guardian_id!);
      await db.transaction((tx) => publishGuardianUpdated(tx, guardian_id!));
      return { school_id: null, students: 0, guardians: 1 };
    }),

    /**
     * 202 with how many students and guardians will be re-published; the batches (one
     * transaction each, never one for the whole school) run after the answer: 100 000
     * students take about half a minute, longer than a request should wait. A run cut short
     * (a restart) is simply run again; the read models take the same snapshot twice unharmed.
     */
    implement(massiveSync, async ({ body: { school_id: schoolId } }) => {
      const size = await schoolSize(db, schoolId);
      const log = logger.child({ schoolId });
      resyncSchool(db, schoolId).then(
        (counts) => log.info(counts, 'school re-published to the read models'),
        (err: unknown) => log.error({ err }, 'school re-publish stopped; run massive_sync again'),
      );
      return { school_id: schoolId, ...size };
    }),
  ];
}
