/**
 * A sender that vanishes between taking a notification and marking it sent (killed mid-batch)
 * leaves it SENDING: no other sender takes it during the lease, one takes it after, and the
 * message keeps its Message-ID (the notification's id) so a copy can be recognised.
 */
import { randomUUID } from 'node:crypto';
import {
  SCHOOL_ID,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';
import { notificationMail } from '../sending/notification-mail';
import {
  claimDue,
  markSent,
  queueNotifications,
  SENDING_LEASE_MS,
} from './notification-repository';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
// The service's own sender lives in January: it never reaches these September rows.
const at = new Date('2026-09-01T16:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

beforeAll(async () => {
  system = await startNotificationsTestSystem({ now: new Date('2026-01-01T16:00:00Z') });
});
afterAll(() => system?.stop());

test('taken once during the lease, again after it, sent once with the same Message-ID', async () => {
  const db = system.underTest.service.db;
  const [id] = await queueNotifications(db, [
    {
      dedupeKey: `payment_received:${randomUUID()}`,
      schoolId: SCHOOL_ID,
      guardianId: randomUUID(),
      channel: 'MAIL',
      template: 'payment_received',
      recipient: 'familia@example.mx',
      variables: {
        guardian_name: 'Ana',
        amount_centavos: '100',
        paid_on: '2026-09-01',
        concepts: 'Colegiatura',
      },
      createdAt: at,
      nextAttemptAt: at,
    },
  ]);
  const [first] = await claimDue(db, at, 10);
  expect(first!.id).toBe(id);
  expect(await claimDue(db, later(SENDING_LEASE_MS - 1_000), 10)).toEqual([]);
  const [again] = await claimDue(db, later(SENDING_LEASE_MS + 1_000), 10);
  expect(again!.id).toBe(id);
  const context = { schoolName: 'Colegio', link: 'http://portal.test/', today: '2026-09-01' };
  expect(notificationMail(again!, context).messageId).toBe(
    notificationMail(first!, context).messageId,
  );

  await markSent(db, id!, later(SENDING_LEASE_MS + 2_000), null);
  expect(await claimDue(db, later(10 * SENDING_LEASE_MS), 10)).toEqual([]);
});
