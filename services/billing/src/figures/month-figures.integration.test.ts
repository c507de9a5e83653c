import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { guardianNamesRequest } from '@cuota/contracts/enrolment/guardian-names';
import { serveReplies } from '@cuota/messaging/request-reply';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  GUARDIAN,
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
} from '../test-support/billing-harness';
import { backfillGuardianNames } from '../guardians/guardian-name-backfill';

jest.setTimeout(30_000);

let h: BillingHarness;
const FIGURES = `/api/v1/dashboard/schools/${SCHOOL}/billing_figures/`;
const [S1, S2, S3] = [1, 2, 3].map(studentId);
const FEE = 485_000;

beforeAll(async () => {
  // Mid-December: October to December are past due, January is not due yet.
  h = await startBillingHarness({ now: () => new Date('2026-12-15T18:00:00Z') });
  await h.enrol(
    { first_name: 'Ana' },
    { first_name: 'Beto' },
    { first_name: 'Carla', last_name: 'López', level: 'middle', billing_guardian_id: 'tutor-3' },
  );
  const as = staff('OWNER');
  const periods = ['2026-10', '2026-11', '2026-12', '2027-01'];
  const concept = await h.call(as, '/api/v1/dashboard/concepts/', {
    json: {
      school_id: SCHOOL,
      name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: FEE,
      level: null,
      periods,
      due_day: 10,
      late_fee: null,
    },
  });
  for (const period of periods)
    await h.call(as, '/book-keeper/massive_concept_assignments/', {
      json: { school_id: SCHOOL, concept_id: concept.body.id, period },
    });
  // Beto paid November; Carla paid $1,000.00 of it.
  await h.query(
    `UPDATE orders SET paid_base_centavos = total_centavos, paid_on = '2026-11-05'
      WHERE student_id = $1 AND period = '2026-11'`,
    [S2],
  );
  await h.query(
    `UPDATE orders SET paid_base_centavos = 100000 WHERE student_id = $1 AND period = '2026-11'`,
    [S3],
  );
});
afterAll(() => h?.dispose());

test("a month's billing and what is paid of it by level; what is not due; top families", async () => {
  const res = await h.call(staff('ACCOUNTANT'), `${FIGURES}?month=2026-11`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    month: '2026-11',
    as_of: '2026-12-15',
    levels: [
      { level: 'elementary', billed_centavos: 2 * FEE, collected_centavos: FEE },
      { level: 'middle', billed_centavos: FEE, collected_centavos: 100_000 },
    ],
    not_due_centavos: 3 * FEE,
    top_overdue: [
      {
        family_id: GUARDIAN,
        guardian: null, // enrolment has not said its name yet
        // Ana owes October to December; Beto October and December.
        overdue_centavos: 5 * FEE,
        students: [
          { id: S1, first_name: 'Ana', last_name: 'García' },
          { id: S2, first_name: 'Beto', last_name: 'García' },
        ],
      },
      {
        family_id: 'tutor-3',
        guardian: null,
        overdue_centavos: 3 * FEE - 100_000,
        students: [{ id: S3, first_name: 'Carla', last_name: 'López' }],
      },
    ],
  });
});

const topFamily = async () =>
  (await h.call(staff('OWNER'), `${FIGURES}?month=2026-11`)).body.top_overdue[0];

/** Enrolment as billing meets it: it knows GUARDIAN (named long ago), not tutor-3. */
function enrolmentAnswering(asked: string[][]) {
  return serveReplies(h.ns.nc, h.ns, guardianNamesRequest, async ({ guardian_ids }) => {
    asked.push(guardian_ids);
    return {
      guardians: guardian_ids
        .filter((id) => id === GUARDIAN)
        .map((id) => ({
          guardian_id: id,
          first_name: 'Marta',
          last_name: 'Gómez',
          updated_at: '2026-01-05T16:00:00Z',
        })),
    };
  });
}
const sweep = () => backfillGuardianNames(h.service);

test('a name older than the event stream is asked of enrolment, each unknown id once', async () => {
  const asked: string[][] = [];
  const enrolment = enrolmentAnswering(asked);
  try {
    expect(await sweep()).toBe(1);
    expect(asked).toEqual([[GUARDIAN, 'tutor-3']]);
    expect(await topFamily()).toMatchObject({
      family_id: GUARDIAN,
      guardian: { id: GUARDIAN, first_name: 'Marta', last_name: 'Gómez' },
    });
    // Named now: the next sweep asks only for the id enrolment does not know.
    expect(await sweep()).toBe(0);
    expect(asked.at(-1)).toEqual(['tutor-3']);
  } finally {
    enrolment.unsubscribe();
  }
});

const snapshot = (first_name: string, last_name: string) => ({
  guardian_id: GUARDIAN,
  school_ids: [SCHOOL],
  first_name,
  last_name,
  email: null,
  billing_name: null,
  tax_id: null,
  tax_zip_code: null,
});

test("a family is named by its billing guardian, as enrolment last said; deleted, it isn't", async () => {
  await publishEvent(h.ns.nc, h.ns, guardianCreatedV1, snapshot('Marta', 'Garcia'));
  await publishEvent(h.ns.nc, h.ns, guardianUpdatedV1, snapshot('Marta', 'García'));
  await waitFor(async () => (await topFamily()).guardian?.last_name === 'García');
  expect(await topFamily()).toMatchObject({
    family_id: GUARDIAN,
    guardian: { id: GUARDIAN, first_name: 'Marta', last_name: 'García' },
  });
  await publishEvent(h.ns.nc, h.ns, guardianDeletedV1, {
    guardian_id: GUARDIAN,
    school_ids: [SCHOOL],
  });
  await waitFor(async () => (await topFamily()).guardian === null);
  // Deleted is known too: no sweep asks for it again, nor brings its old name back.
  const asked: string[][] = [];
  const enrolment = enrolmentAnswering(asked);
  await sweep().finally(() => enrolment.unsubscribe());
  expect(asked).toEqual([['tutor-3']]);
  expect((await topFamily()).guardian).toBeNull();
});

test('the default month is this month, and its figures equal the sum of its orders', async () => {
  const res = await h.call(staff('TREASURER'), FIGURES);
  expect(res.body.month).toBe('2026-12');
  const [orders] = await h.query<{ billed: number; paid: number }>(
    `SELECT sum(total_centavos)::int AS billed, sum(paid_base_centavos)::int AS paid FROM orders
      WHERE school_id = $1 AND due_on BETWEEN '2026-12-01' AND '2026-12-31'`,
    [SCHOOL],
  );
  const sum = (key: 'billed_centavos' | 'collected_centavos') =>
    res.body.levels.reduce((s: number, l: Record<string, number>) => s + l[key]!, 0);
  expect(sum('billed_centavos')).toBe(orders!.billed);
  expect(sum('collected_centavos')).toBe(orders!.paid);
});

test('a bad month is a Spanish 400', async () => {
  const res = await h.call(staff(), `${FIGURES}?month=2026-13`);
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain('Escribe el periodo como AAAA-MM');
});

test("roles without reports.read get 403, guardians 403, another school's staff 404", async () => {
  for (const role of ['ADMISSIONS', 'CASH_COLLECTION', 'OTHER'] as const)
    expect((await h.call(staff(role), FIGURES)).status).toBe(403);
  expect((await h.call(family(), FIGURES)).status).toBe(403);
  expect((await h.call(staff('OWNER', OTHER_SCHOOL), FIGURES)).status).toBe(404);
  const theirs = await h.call(
    staff('OWNER', OTHER_SCHOOL),
    `/api/v1/dashboard/schools/${OTHER_SCHOOL}/billing_figures/`,
  );
  expect(theirs.body).toMatchObject({ levels: [], not_due_centavos: 0, top_overdue: [] });
});
