import type { Page } from 'playwright-core';
import type { Order } from '@cuota/contracts/billing/orders';
import type { SchoolOrderPage } from '@cuota/contracts/billing/school-orders';
import type {
  SaveReminderSchedule,
  SentNotification,
} from '@cuota/contracts/notifications/entities';
import { expectAccessible } from '../support/accessibility';
import { queryEnrolment } from '../support/enrolment-records';
import { eventually } from '../support/eventually';
import { readReminderLink } from '../support/mailbox';
import { enterLoginCode } from '../support/sign-in';
import { staffApi, type StaffApi } from '../support/staff-api';
import { startJourney } from '../support/journey';

/**
 * Issue 20 (spec §2, notification_id): a payment reminder's e-mail link opens the family's
 * portal, which marks the notification opened (guardian.openNotification, answered by
 * notifications' PUT /api/v1/guardian_notification/{id}/opened/), and the school's log of
 * sent notifications reads it back as read. The steps run in order: the family signs in on
 * the first link (one code for the journey: a second within 30 s would be refused) and
 * follows the second one signed in.
 */
const journey = startJourney();
let family: Page;
const reminded = new Set<string>();

/**
 * The demo school keeps no quiet hours for this journey: reminders wait out 21:00–08:00 in
 * Mexico City, and CI runs at any hour (the journey failed at 22:31 there).
 */
async function noQuietHours(owner: StaffApi): Promise<void> {
  const schedule: SaveReminderSchedule = {
    enabled: true,
    days_before: 3,
    on_due_day: true,
    days_overdue: 3,
    quiet_from: 0,
    quiet_until: 0,
    channels: ['MAIL'],
  };
  const path = `/api/v1/dashboard/schools/${journey.system.demo.school_id}/reminder-schedule/`;
  await owner(path, schedule, 'PUT');
}

/** The school reminds the family of one order it owes, as its systems do (ADR 0014). */
async function remindOf(owner: StaffApi, orderId: string): Promise<URL> {
  const { demo, urls } = journey.system;
  await noQuietHours(owner);
  const since = new Date(Date.now() - 2000);
  const sent = await owner<{ queued: number }>('/api/v2/internal/schools/payment-reminder/', {
    school_id: demo.school_id,
    order_ids: [orderId],
  });
  expect(sent.queued).toBe(1);
  reminded.add(orderId);
  const link = new URL(await readReminderLink(urls.mailbox, demo.guardian_email, since));
  // A payment reminder leads to the family's own Pagos (ADR 0084), not the public landing.
  expect(link.pathname).toBe(`/guardians/${demo.guardian_hash}/payments`);
  return link;
}

/** The portal answers guardian.openNotification for this notification once `open` runs. */
async function expectOpened(page: Page, notificationId: string, open: () => Promise<unknown>) {
  // Long enough for a sign-in on the way: the code travels through the mailbox first.
  const opened = page.waitForResponse(
    (r) => r.url().includes('/api/trpc/guardian.openNotification'),
    { timeout: 60_000 },
  );
  await open();
  const answer = (await (await opened).json()) as [{ result: { data: { opened_at: string } } }];
  expect(answer[0].result.data).toMatchObject({
    id: notificationId,
    opened_at: expect.any(String),
  });
}

/** The school's log of sent notifications reads this one back as read. */
async function expectReadInSchoolLog(owner: StaffApi, notificationId: string) {
  const { demo } = journey.system;
  await eventually(async () => {
    const log = await owner<{ results: SentNotification[] }>(
      `/api/v1/dashboard/schools/${demo.school_id}/notifications/?search=${encodeURIComponent(demo.guardian_email)}`,
    );
    const sent = log.results.find((n) => n.id === notificationId);
    expect(sent).toMatchObject({ state: 'READ', read_at: expect.any(String) });
  });
}

/** An order the demo family owes, as the school's staff list them. */
async function anOpenOrderOfTheFamily(owner: StaffApi): Promise<string> {
  const { demo, profile } = journey.system;
  const [student] = await queryEnrolment<{ id: string }>(
    profile.postgresUrl,
    profile.databasePrefix,
    `SELECT sg.student_id AS id
       FROM student_guardians sg JOIN guardians g ON g.id = sg.guardian_id
      WHERE g.guardian_hash = $1`,
    [demo.guardian_hash],
  );
  const owed = await owner<SchoolOrderPage>(
    `/api/v1/dashboard/schools/${demo.school_id}/fulfillments/?student_id=${student!.id}&status=open`,
  );
  const order = owed.results.find((o) => o.pending_amount > 0);
  expect(order).toBeDefined();
  return order!.id;
}

test("signed out, a reminder's link leads through the sign-in to the portal, which opens it", async () => {
  const { demo } = journey.system;
  const owner = await staffApi(journey.system, 'OWNER');
  const link = await remindOf(owner, await anOpenOrderOfTheFamily(owner));
  const notificationId = link.searchParams.get('notification_id')!;

  family = await (
    await journey.browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await family.goto(link.href);
  // Signed out: the family's login page, the notification still in the address.
  await family.waitForURL(
    (url) =>
      url.pathname === `/guardians/${demo.guardian_hash}/login` &&
      url.searchParams.get('notification_id') === notificationId,
  );
  await expectOpened(family, notificationId, () =>
    enterLoginCode(family, journey.system, demo.guardian_email),
  );
  await family.waitForURL(
    (url) =>
      url.pathname === `/guardians/${demo.guardian_hash}` &&
      !url.searchParams.has('notification_id'),
  );
  await family.getByTestId('dependent-card').first().waitFor();
  await expectAccessible(family);
  await expectReadInSchoolLog(owner, notificationId);
});

test("signed in, a reminder's link opens the family's Pagos and the school sees it opened", async () => {
  const { urls } = journey.system;
  // Another order than the first step's: an order is reminded at most once a day.
  const owed = await family.request.get(
    new URL(`/api/v1/schools/${journey.system.demo.school_id}/fulfillments/`, urls.portal).href,
  );
  const order = ((await owed.json()) as Order[]).find(
    (o) => o.pending_amount > 0 && !reminded.has(o.id),
  );
  expect(order).toBeDefined();
  const owner = await staffApi(journey.system, 'OWNER');
  const link = await remindOf(owner, order!.id);
  const notificationId = link.searchParams.get('notification_id')!;

  await expectOpened(family, notificationId, () => family.goto(link.href));
  await family.waitForURL(
    (url) => url.pathname === link.pathname && !url.searchParams.has('notification_id'),
  );
  await family.getByRole('heading', { name: 'Pagos', level: 1 }).waitFor();
  await expectAccessible(family);
  await expectReadInSchoolLog(owner, notificationId);
});
