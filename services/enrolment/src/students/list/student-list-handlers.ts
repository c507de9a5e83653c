import {
  exportStudents,
  listDashboardStudents,
  listSchoolStudents,
  listStudentsByLevel,
  studentFilterOptions,
} from '@cuota/contracts/enrolment/endpoints/students';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { EnrolmentContext } from '../../enrolment-db';
import { streamStudentWorkbook } from './student-export';
import { studentListPageJson } from './student-list-answer-repository';
import { filterCounts } from './student-list-repository';
import { filterOptionsOf } from './student-list-rules';

/**
 * The dashboard's students lists: students_by_level (spec, v2) and its filters, the school's
 * students (v1, same filters, by path or by query) and the Excel export (our extension).
 */
export function studentListHandlers({ db }: EnrolmentContext) {
  return [
    implement(listStudentsByLevel, async ({ params, query }) =>
      Reply.json(await studentListPageJson(db, params.id, query)),
    ),
    implement(listSchoolStudents, async ({ params, query }) =>
      Reply.json(await studentListPageJson(db, params.id, query)),
    ),
    implement(listDashboardStudents, async ({ query: { school_id, ...query } }) =>
      Reply.json(await studentListPageJson(db, school_id, query)),
    ),

    implement(studentFilterOptions, async ({ params }) => {
      const { counts, levels, sections } = await filterCounts(db, params.id);
      return filterOptionsOf(counts, levels, sections);
    }),

    /** Streamed: the first rows leave before the last are read. */
    implement(exportStudents, ({ params, query, res }) =>
      streamStudentWorkbook(db, res, params.id, query),
    ),
  ];
}
