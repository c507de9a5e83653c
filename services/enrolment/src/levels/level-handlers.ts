import {
  deleteLevel as deleteLevelEndpoint,
  listSchoolLevels,
  listStaffLevels,
  offerLevel,
  updateLevel as updateLevelEndpoint,
} from '@cuota/contracts/enrolment/endpoints/levels';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { EnrolmentContext } from '../enrolment-db';
import { authorizeSchoolRead } from '../schools/school-access';
import { createLevel } from './create-level';
import { deleteLevel } from './delete-level';
import { levelsOfSchool, toLevel } from './level-repository';
import { levelsWithSections, withGrades } from './levels-with-sections';
import { updateLevel } from './update-level';

export function levelHandlers({ db }: EnrolmentContext) {
  return [
    implement(listSchoolLevels, async (call) => {
      await authorizeSchoolRead(db, call, call.params.id, { visitors: true });
      const offered = await levelsOfSchool(db, call.params.id, { activeOnly: true });
      return offered.map((row) => withGrades(toLevel(row)));
    }),

    implement(offerLevel, ({ params, body, once }) =>
      once(async (tx) => toLevel(await createLevel(tx, params.id, body))),
    ),

    implement(updateLevelEndpoint, async ({ params, body }) =>
      toLevel(await db.transaction((tx) => updateLevel(tx, params.id, params.level, body))),
    ),

    implement(deleteLevelEndpoint, async ({ params }) => {
      await db.transaction((tx) => deleteLevel(tx, params.id, params.level));
    }),

    implement(listStaffLevels, ({ params }) => levelsWithSections(db, params.id)),
  ];
}
