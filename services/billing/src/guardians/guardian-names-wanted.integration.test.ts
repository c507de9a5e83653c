import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { guardianNamesRequest } from '@cuota/contracts/enrolment/guardian-names';
import { serveReplies } from '@cuota/messaging/request-reply';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  GUARDIAN,
  SCHOOL,
  startBillingHarness,
  studentId,
  type BillingHarness,
} from '../test-support/billing-harness';

jest.setTimeout(30_000);

let h: BillingHarness;
const asked: string[][] = [];

beforeAll(async () => {
  // A new billing database: the sweep's first round at start finds no student to name.
  h = await startBillingHarness();
});
afterAll(() => h?.dispose());

test('the first student billed to an unnamed guardian wakes the names sweep', async () => {
  const enrolment = serveReplies(h.ns.nc, h.ns, guardianNamesRequest, async ({ guardian_ids }) => {
    asked.push(guardian_ids);
    return {
      guardians: guardian_ids.map((id) => ({
        guardian_id: id,
        first_name: 'Marta',
        last_name: 'Gómez',
        updated_at: '2026-01-05T16:00:00Z',
      })),
    };
  });
  try {
    await publishEvent(h.ns.nc, h.ns, studentCreatedV1, {
      student_id: studentId(1),
      school_id: SCHOOL,
      first_name: 'Ana',
      last_name: 'García',
      level: 'elementary',
      section_id: null,
      status: 'active',
      billing_guardian_id: GUARDIAN,
    });
    // The sweep's own round is 10 minutes away: only the wake names the guardian this soon.
    const [named] = await waitFor(() =>
      h
        .query<{ first_name: string }>(
          'SELECT first_name FROM guardian_names WHERE guardian_id = $1',
          [GUARDIAN],
        )
        .then((rows) => (rows.length ? rows : null)),
    );
    expect(named).toEqual({ first_name: 'Marta' });
    expect(asked).toContainEqual([GUARDIAN]);
  } finally {
    enrolment.unsubscribe();
  }
});

test("the sweep pages billing's students by billing guardian over an index", async () => {
  const rows = await h.query<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes
      WHERE tablename = 'student_directory' AND indexname = 'student_directory_billing_guardian_idx'`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.indexdef).toContain(
    '(billing_guardian_id) WHERE (billing_guardian_id IS NOT NULL)',
  );
});
