/**
 * The spec's internal reminder runs (deliquency, paidreminder) and the school's log of what
 * was sent: who may ask, what each run reminds, and never twice in a day.
 */
import { waitForMessage } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import {
  delinquencyReminders,
  upcomingReminders,
} from '@cuota/contracts/notifications/reminder-runs';
import { schoolNotifications } from '@cuota/contracts/notifications/endpoints';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  guardianClaims,
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  staffOf,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
const TREASURER = staffOf(SCHOOL_ID, 'TREASURER');

const post = (path: string, body: unknown, who: IdentityClaims = TREASURER) =>
  system.send('POST', path, body, who);
const kindsOf = (orderId: string) =>
  system.underTest
    .query<{
      reminder_kind: string;
    }>('SELECT reminder_kind FROM guardian_notifications WHERE order_id = $1', [orderId])
    .then((rows) => rows.map((r) => r.reminder_kind));

beforeAll(async () => {
  // 10:00 in Mexico City on 7 September 2026; the schedule itself reminds of the 4th, 7th, 10th.
  system = await startNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });
});
afterAll(() => system?.stop());

test('deliquency reminds every overdue order now, once a day; paidreminder those due in the next days', async () => {
  const [late, soon, later] = [
    await system.family(1),
    await system.family(2),
    await system.family(3),
  ];
  const [lateOrder] = await system.bill([late], '2026-09-01');
  const [soonOrder] = await system.bill([soon], '2026-09-09');
  const [laterOrder] = await system.bill([later], '2026-09-20');

  const first = await post(delinquencyReminders.path, { school_id: SCHOOL_ID });
  expect(first.status).toBe(202);
  expect(await first.json()).toEqual({ queued: 1 });
  await waitForMessage(system.mailbox, late.email);
  expect(await kindsOf(lateOrder!)).toEqual(['OVERDUE']);
  expect(await (await post(delinquencyReminders.path, { school_id: SCHOOL_ID })).json()).toEqual({
    queued: 0,
  });

  const upcoming = await post(upcomingReminders.path, { school_id: SCHOOL_ID, days: 3 });
  expect(await upcoming.json()).toEqual({ queued: 1 });
  const mail = await waitForMessage(system.mailbox, soon.email);
  expect(mail.text).toContain('vence el 9 de septiembre de 2026');
  expect(await kindsOf(soonOrder!)).toEqual(['BEFORE_DUE']);
  expect(await kindsOf(laterOrder!)).toEqual([]);
});

test('the log lists what was sent to whom, newest first, filtered by state and channel', async () => {
  const log = (query: string, who: IdentityClaims = staffOf(SCHOOL_ID, 'CASH_COLLECTION')) =>
    system.call(`${schoolNotifications.path.replace('{schoolId}', SCHOOL_ID)}?${query}`, who);
  const sent = await waitFor(async () => {
    const page = (await (await log('state=SENT&channel=MAIL')).json()) as {
      count: number;
      results: { guardian_name: string; state: string; recipient: string }[];
    };
    return page.count >= 2 ? page : undefined;
  });
  expect(sent.results.map((r) => r.guardian_name)).toEqual(
    expect.arrayContaining(['Tutor1 López', 'Tutor2 López']),
  );
  expect(sent.results.every((r) => r.state === 'SENT')).toBe(true);
  expect(await (await log('state=FAILED')).json()).toMatchObject({ count: 0, results: [] });
  const bad = await log('state=ENVIADO');
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('Elige un estado de la lista.');
  expect((await log('', staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(404);
  expect((await log('', staffOf(SCHOOL_ID, 'OTHER'))).status).toBe(403);
});

test('a guardian (403), a cashier (403) or another school (404) may not run reminders; bad days are a Spanish 400', async () => {
  const family = await system.family(9);
  const body = { school_id: SCHOOL_ID };
  for (const path of [delinquencyReminders.path, upcomingReminders.path]) {
    expect((await post(path, body, guardianClaims(family.guardianId))).status).toBe(403);
    expect((await post(path, body, staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status).toBe(403);
    expect((await post(path, body, staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(404);
  }
  const bad = await post(upcomingReminders.path, { school_id: SCHOOL_ID, days: 31 });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('Los días van de 0 a 30.');
});
