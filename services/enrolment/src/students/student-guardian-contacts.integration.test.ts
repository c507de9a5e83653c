import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';

/**
 * Issue 9, finding 7: a student's page showed guardians' e-mail and RFC to roles that cannot
 * open the guardian list. The service now answers them as that list's permission allows.
 */
let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_student_contacts', { worker: false });
}, 60_000);
afterAll(() => h?.stop());

async function billingGuardianAs(role: 'OWNER' | 'OTHER'): Promise<Json> {
  const me = await h.call(h.guardian(), '/api/v1/guardians/me/');
  const res = await h.call(h.staff(role), `/api/v1/students/${me.body.dependents[0].id}/`);
  expect(res.status).toBe(200);
  return res.body.guardians.find((g: Json) => g.is_billing_guardian);
}

test('staff with guardians.read see the contact and fiscal data', async () => {
  const guardian = await billingGuardianAs('OWNER');
  expect(guardian.email).toEqual(expect.stringContaining('@'));
  expect(guardian.tax_id).toEqual(expect.any(String));
});

test('a role without guardians.read sees names, not e-mail, phone or RFC', async () => {
  const guardian = await billingGuardianAs('OTHER');
  expect(guardian).toMatchObject({ id: h.demo.guardian_id, email: null, tax_id: null });
  expect(guardian.first_name).toEqual(expect.any(String));
  expect(guardian.billing_name).toBeNull();
  expect(guardian.phone).toBeNull();
});
