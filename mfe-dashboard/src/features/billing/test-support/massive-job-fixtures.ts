import type { BulkJob } from '@cuota/contracts/billing/bulk-jobs';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';
import { colegiaturaOf } from './concept-fixtures';

/** What the massive-jobs page's tests read: a school, its tuition, students and runs. */
export const SCHOOL = 'school-1';
export const BASE = `/api/v1/dashboard/schools/${SCHOOL}`;
export const colegiatura = colegiaturaOf(SCHOOL);
export const student = (
  id: string,
  first_name: string,
  changes: Partial<StudentRow> = {},
): StudentRow => ({
  id,
  first_name,
  last_name: 'García',
  curp: null,
  enrolment_code: null,
  gender: null,
  level: 'elementary',
  section: null,
  status: 'active',
  billing_guardian_id: null,
  ...changes,
});
export const job = (changes: Partial<BulkJob>): BulkJob => ({
  id: 'job-1',
  school_id: SCHOOL,
  kind: 'assignment',
  status: 'STARTED',
  params: {},
  total: 2,
  done: 1,
  failed: 0,
  errors: [],
  cancel_requested: false,
  created_by: 'user-1',
  created_by_name: 'Teresa Tesorera',
  created_at: '2026-09-01T18:00:00.000Z',
  finished_at: null,
  ...changes,
});

/** One page of the history, as GET …/massive_jobs/ answers it. */
export const historyOf = (results: BulkJob[], count = results.length, page = 1) => ({
  count,
  page,
  page_size: 10,
  results,
});
