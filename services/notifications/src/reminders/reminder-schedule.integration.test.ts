/**
 * A school's reminder schedule: read by whoever sees charges, saved by whoever edits them,
 * and what the planner then does with it.
 */
import type { ReminderScheduleView } from '@cuota/contracts/notifications/entities';
import { waitForMessage } from '@cuota/testing/mailbox';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  staffOf,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
const path = (school = SCHOOL_ID) => `/api/v1/dashboard/schools/${school}/reminder-schedule/`;
const put = (body: unknown, who = staffOf(SCHOOL_ID, 'TREASURER'), school = SCHOOL_ID) =>
  system.send('PUT', path(school), body, who);
const FIVE_DAYS_BEFORE = {
  enabled: true,
  days_before: 5,
  on_due_day: false,
  days_overdue: null,
  quiet_from: 22,
  quiet_until: 7,
};

beforeAll(async () => {
  // 10:00 in Mexico City on 1 September 2026.
  system = await startNotificationsTestSystem({ now: new Date('2026-09-01T16:00:00Z') });
});
afterAll(() => system?.stop());

test('a school without a schedule has the default', async () => {
  const res = await system.call(path(), staffOf(SCHOOL_ID, 'CASH_COLLECTION'));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    school_id: SCHOOL_ID,
    enabled: true,
    days_before: 3,
    on_due_day: true,
    days_overdue: 3,
    quiet_from: 21,
    quiet_until: 8,
    channels: ['MAIL'],
  });
});

test('the cashier may not save it (403), another school is a 404, a bad hour a Spanish 400', async () => {
  expect((await put(FIVE_DAYS_BEFORE, staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status).toBe(403);
  expect((await put(FIVE_DAYS_BEFORE, staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(404);
  const bad = await put({ ...FIVE_DAYS_BEFORE, quiet_from: 24 });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('Las horas van de 0 a 23.');
  const still = await system.call(path(), staffOf(SCHOOL_ID, 'TREASURER'));
  expect(((await still.json()) as ReminderScheduleView).days_before).toBe(3);
});

test('saved by the treasurer, the planner reminds five days before the due date', async () => {
  const saved = await put(FIVE_DAYS_BEFORE);
  expect(saved.status).toBe(200);
  // A save that names no channels keeps e-mail, as before WhatsApp (ADR 0075).
  expect(await saved.json()).toEqual({
    school_id: SCHOOL_ID,
    ...FIVE_DAYS_BEFORE,
    channels: ['MAIL'],
  });
  const family = await system.family(1);
  await system.bill([family], '2026-09-06');
  const mail = await waitForMessage(system.mailbox, family.email);
  expect(mail.text).toContain('vence el 6 de septiembre de 2026');
  const [row] = await system.underTest.query<{ reminder_kind: string }>(
    'SELECT reminder_kind FROM guardian_notifications',
  );
  expect(row!.reminder_kind).toBe('BEFORE_DUE');
});
