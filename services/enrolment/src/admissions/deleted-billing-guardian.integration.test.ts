import type { Pool } from 'pg';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { waitFor } from '@cuota/testing/wait-for';
// Test only: billing's real service, fed by enrolment's events on a shared NATS namespace.
import { billingService } from '../../../billing/src/billing-service';
import type * as billingSchema from '../../../billing/src/schema';
import { call, staff, startHarness, stopHarness, type Harness, type Json } from './test-harness';

jest.setTimeout(60_000);

/**
 * A lead's billing guardian deleted in admissions: billing's student directory must stop
 * naming them (it keeps whatever the last enrolment.student.* said).
 */
let h: Harness;
let billingDb: TestDatabase;
let billing: RunningService<typeof billingSchema>;

beforeAll(async () => {
  h = await startHarness('enrolment_billing_guardian');
  const identity = await createTestIdentity();
  billingDb = await createTestDatabase('billing_guardian');
  billing = await startService(billingService, {
    port: 0,
    databaseUrl: billingDb.url,
    natsUrl: NATS_URL,
    natsPrefix: h.ns.prefix,
    identityPublicJwk: identity.keys.publicJwk,
    logLevel: 'silent',
  });
}, 90_000);

afterAll(async () => {
  await billing?.stop();
  await stopHarness(h);
  await billingDb?.drop();
});

/** The student as billing's directory has it, once it has it at all. */
const directoryRow = async (studentId: string) => {
  const { rows } = await (billing.db.$client as Pool).query(
    'SELECT billing_guardian_id FROM student_directory WHERE student_id = $1',
    [studentId],
  );
  return rows[0] as { billing_guardian_id: string | null } | undefined;
};

test("deleting a lead's billing guardian clears it in billing's student directory", async () => {
  const admissions = staff(h, 'ADMISSIONS');
  const lead: Json = (
    await call(h, admissions, '/api/v1/admissions/create_lead/', {
      method: 'POST',
      json: {
        school_id: h.demo.school_id,
        level: 'elementary',
        first_name: 'Julia',
        last_name: 'Facturación',
        guardians: [{ first_name: 'Marta', last_name: 'Facturación', relationship: 'Madre' }],
      },
    })
  ).body;
  const guardianId: string = lead.guardians[0].id;
  const assigned = await call(h, admissions, '/api/v1/guardians/assign_billing/', {
    method: 'PATCH',
    json: { student_id: lead.id, guardian_id: guardianId },
  });
  expect(assigned.status).toBe(200);
  await waitFor(async () => (await directoryRow(lead.id))?.billing_guardian_id === guardianId);

  const deleted = await call(
    h,
    admissions,
    `/api/v1/admissions/delete_guardian/${guardianId}/?student_id=${lead.id}`,
    { method: 'DELETE' },
  );
  expect(deleted.status).toBe(204);

  await waitFor(async () => (await directoryRow(lead.id))?.billing_guardian_id === null);
  const detail = await call(h, staff(h, 'OWNER'), `/api/v1/students/${lead.id}/`);
  expect(detail.body).toMatchObject({ billing_guardian_id: null, guardians: [] });
});
