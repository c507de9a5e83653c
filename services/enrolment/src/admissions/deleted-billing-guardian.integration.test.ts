import { waitFor } from '@cuota/testing/wait-for';
import { startBillingUnderTest, type BillingUnderTest } from '@cuota/billing/test-support';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';
import { createLead } from '../test-support/create-lead';

jest.setTimeout(60_000);

/**
 * A lead's billing guardian deleted in admissions: billing's student directory must stop
 * naming them (it keeps whatever the last enrolment.student.* said).
 */
let h: EnrolmentHarness;
let billing: BillingUnderTest;

beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_billing_guardian');
  billing = await startBillingUnderTest({ natsPrefix: h.ns.prefix });
}, 90_000);

afterAll(async () => {
  await billing?.stop();
  await h?.stop();
});

/** The student as billing's directory has it, once it has it at all. */
const directoryRow = async (studentId: string) =>
  (
    await billing.query<{ billing_guardian_id: string | null }>(
      'SELECT billing_guardian_id FROM student_directory WHERE student_id = $1',
      [studentId],
    )
  )[0];

test("deleting a lead's billing guardian clears it in billing's student directory", async () => {
  const admissions = h.staff('ADMISSIONS');
  const lead = await createLead(h, {
    first_name: 'Julia',
    last_name: 'Facturación',
    guardians: [{ first_name: 'Marta', relationship: 'Madre' }],
  });
  const guardianId: string = lead.guardians[0].id;
  const assigned = await h.call(admissions, '/api/v1/guardians/assign_billing/', {
    method: 'PATCH',
    json: { student_id: lead.id, guardian_id: guardianId },
  });
  expect(assigned.status).toBe(200);
  await waitFor(async () => (await directoryRow(lead.id))?.billing_guardian_id === guardianId);

  const deleted = await h.call(
    admissions,
    `/api/v1/admissions/delete_guardian/${guardianId}/?student_id=${lead.id}`,
    { method: 'DELETE' },
  );
  expect(deleted.status).toBe(204);

  await waitFor(async () => (await directoryRow(lead.id))?.billing_guardian_id === null);
  const detail = await h.call(h.staff('OWNER'), `/api/v1/students/${lead.id}/`);
  expect(detail.body).toMatchObject({ billing_guardian_id: null, guardians: [] });
});
