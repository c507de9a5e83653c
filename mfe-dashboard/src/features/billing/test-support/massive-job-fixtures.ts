import type { BulkJob } from '@cuota/contracts/billing/bulk-jobs';
import type { Concept } from '@cuota/contracts/billing/concepts';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';

/** What the massive-jobs page's tests read: a school, its tuition, students and runs. */
export const SCHOOL = 'school-1';
export const BASE = `/api/v1/dashboard/schools/${SCHOOL}`;
export const colegiatura = {
  id: '0b5e7c1a-1111-4c55-9d1a-0d6b1c2e3f40',
  school_id: SCHOOL,
  name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  recurrence: 'MONTHLY',
  price_centavos: 250_000,
  level: 'elementary',
  periods: ['2026-09', '2026-10'],
  due_day: 10,
  due_on: null,
  late_fee: null,
  early_payment: null,
  active: true,
  cycle_id: null,
  visibility: 'PUBLIC',
  auto_assign: false,
  orders: 0,
  created_at: '2026-08-01T00:00:00.000Z',
} satisfies Concept;
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
