/**
 * The portal's `notification_id` through the BFF to the real notifications service: staff ask
 * for a reminder on the internal row, the family opens it with guardian.openNotification
 * (tRPC) or the REST row; another family gets the service's 404.
 */
import type { GuardianIdentity, StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { waitForMessage } from '@cuota/testing/mailbox';
import { createTestIdentity } from '@cuota/testing/test-identity';
import {
  SCHOOL_ID,
  startNotificationsTestSystem,
  type Family,
  type NotificationsTestSystem,
} from '@cuota/notifications/test-support';
import { guardianState, staffState } from '../identity/signed-in-states';
import { browserSignedInAs } from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
let bff: TestBff;
let family: Family;
let other: Family;
let notificationId: string;

const treasurer: StaffIdentity = {
  id: 'staff-treasurer',
  name: 'Tesorería',
  email: 'tesoreria@colegio.mx',
  memberships: [{ school_id: SCHOOL_ID, school_name: 'Colegio Valle Verde', role: 'TREASURER' }],
};
const guardianOf = (f: Family): GuardianIdentity => ({
  id: f.guardianId,
  first_name: 'Tutor',
  last_name: 'López',
  email: f.email,
  guardian_hash: `hash-${f.guardianId}`,
  onboarding_stage: 'COMPLETED',
  fraud_status: 'no_risk',
  schools: [{ id: SCHOOL_ID, name: 'Colegio Valle Verde' }],
});

beforeAll(async () => {
  const identity = await createTestIdentity();
  system = await startNotificationsTestSystem({
    identity,
    now: new Date('2026-09-01T17:00:00Z'),
    label: 'notifications_bff',
  });
  bff = await startTestBff({
    identity,
    services: { notifications: system.underTest.service.url },
  });
  family = await system.family(1);
  other = await system.family(2);
  const [orderId] = await system.bill([family], '2026-09-20');
  const { agent, csrfToken } = await browserSignedInAs(bff, staffState(treasurer));
  await agent
    .post('/api/v2/internal/schools/payment-reminder/')
    .set('x-csrf-token', csrfToken)
    .send({ school_id: SCHOOL_ID, order_ids: [orderId] })
    .expect(202, { queued: 1, skipped_order_ids: [] });
  const mail = await waitForMessage(system.mailbox, family.email);
  notificationId = /notification_id=([0-9a-f-]{36})/.exec(mail.text)![1]!;
});
afterAll(async () => {
  await bff?.close();
  await system?.stop();
});

const openNotification = async (who: Family, id: string, status: number) => {
  const { agent, csrfToken } = await browserSignedInAs(bff, guardianState(guardianOf(who)));
  return agent
    .post('/api/trpc/guardian.openNotification?batch=1')
    .set('x-csrf-token', csrfToken)
    .send({ 0: { notificationId: id } })
    .expect(status);
};

test('guardian.openNotification opens the family’s own notification', async () => {
  const res = await openNotification(family, notificationId, 200);
  expect(res.body[0].result.data).toMatchObject({ id: notificationId, status: 'SENT' });
  expect(res.body[0].result.data.opened_at).toBe('2026-09-01T17:00:00.000Z');
});

test('another family’s notification: NOT_FOUND in Spanish, nothing opened for them', async () => {
  const res = await openNotification(other, notificationId, 404);
  expect(res.body[0].error.message).toBe('No encontramos esa notificación.');
});

test('the REST row through the proxy: the family 200, staff 403', async () => {
  const mine = await browserSignedInAs(bff, guardianState(guardianOf(family)));
  await mine.agent
    .put(`/api/v1/guardian_notification/${notificationId}/opened/`)
    .set('x-csrf-token', mine.csrfToken)
    .expect(200);
  const staff = await browserSignedInAs(bff, staffState(treasurer));
  await staff.agent
    .put(`/api/v1/guardian_notification/${notificationId}/opened/`)
    .set('x-csrf-token', staff.csrfToken)
    .expect(403);
});
