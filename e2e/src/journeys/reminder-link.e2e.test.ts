import type { Order } from '@cuota/contracts/billing/orders';
import type { SentNotification } from '@cuota/contracts/notifications/entities';
import { expectAccessible } from '../support/accessibility';
import { eventually } from '../support/eventually';
import { readLoginCode, readReminderLink } from '../support/mailbox';
import { staffApi } from '../support/staff-api';
import { startJourney } from '../support/journey';

/**
 * Issue 20 (spec §2, notification_id): a payment reminder's e-mail link opens the family's
 * portal, which marks the notification opened (guardian.openNotification, answered by
 * notifications' PUT /api/v1/guardian_notification/{id}/opened/), and the school's log of
 * sent notifications reads it back as read.
 */
const journey = startJourney();

test("a reminder e-mail's link opens the portal and the school sees it opened", async () => {
  const { demo, urls } = journey.system;
  const page = await (
    await journey.browser.newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await page.goto(urls.guardianLogin);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const code = await readLoginCode(urls.mailbox, demo.guardian_email, new Date(Date.now() - 2000));
  await page.getByLabel('Código de acceso').fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('dependent-card').first().waitFor();

  // The school reminds the family of one order it owes, as its systems do (ADR 0014).
  const owed = await page.request.get(
    new URL(`/api/v1/schools/${demo.school_id}/fulfillments/`, urls.portal).toString(),
  );
  const order = ((await owed.json()) as Order[]).find((o) => o.pending_amount > 0);
  expect(order).toBeDefined();
  const owner = await staffApi(journey.system, 'OWNER');
  const since = new Date(Date.now() - 2000);
  const reminded = await owner<{ queued: number }>('/api/v2/internal/schools/payment-reminder/', {
    school_id: demo.school_id,
    order_ids: [order!.id],
  });
  expect(reminded.queued).toBe(1);
  const link = await readReminderLink(urls.mailbox, demo.guardian_email, since);
  const notificationId = new URL(link).searchParams.get('notification_id')!;
  // A payment reminder leads to the family's own Pagos (ADR 0084), not the public landing.
  const target = new URL(link);
  expect(target.pathname).toBe(`/guardians/${demo.guardian_hash}/payments`);

  const opened = page.waitForResponse((r) =>
    r.url().includes('/api/trpc/guardian.openNotification'),
  );
  await page.goto(link);
  const answer = (await (await opened).json()) as [{ result: { data: { opened_at: string } } }];
  expect(answer[0].result.data).toMatchObject({
    id: notificationId,
    opened_at: expect.any(String),
  });
  await page.waitForURL(
    (url) => url.pathname === target.pathname && !url.searchParams.has('notification_id'),
  );
  await page.getByRole('heading', { name: 'Pagos', level: 1 }).waitFor();
  await expectAccessible(page);

  await eventually(async () => {
    const log = await owner<{ results: SentNotification[] }>(
      `/api/v1/dashboard/schools/${demo.school_id}/notifications/?search=${encodeURIComponent(demo.guardian_email)}`,
    );
    const sent = log.results.find((n) => n.id === notificationId);
    expect(sent).toMatchObject({ state: 'READ', read_at: expect.any(String) });
  });
});
