/**
 * A notification given up on is announced in Cuota's operations Slack (ADR 0094): the alert
 * says what failed and why and carries «Reintentar», whose press queues it again.
 */
import { BOUNCING_DOMAIN } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { RETRY_NOTIFICATION_ACTION } from '@cuota/contracts/notifications/slack-interaction';
import { waitFor } from '@cuota/testing/wait-for';
import {
  TEST_SLACK_SIGNING_SECRET,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';
import { postInteraction, pressed, slackSigned } from '../test-support/slack-press';
import {
  startSlackSandbox,
  type SlackSandbox,
} from '@cuota/infra/sandboxes/slack/slack-sandbox.ts';
import type { failedNotificationAlert } from './staff-alert';

jest.setTimeout(60_000);

type Alert = ReturnType<typeof failedNotificationAlert>;
let alerts: Alert[];
let slack: SlackSandbox;
let system: NotificationsTestSystem;

beforeAll(async () => {
  slack = await startSlackSandbox({ port: 0, signingSecret: TEST_SLACK_SIGNING_SECRET });
  alerts = slack.alerts as unknown as Alert[];
  system = await startNotificationsTestSystem({
    now: new Date('2026-09-07T16:00:00Z'),
    slackAlertsUrl: slack.webhookUrl,
  });
});
afterAll(async () => {
  await system?.stop();
  await slack?.stop();
});

interface Row {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
}
const rowOf = async (orderId: string) =>
  (
    await system.underTest.query<Row>(
      'SELECT id, status, attempts, next_attempt_at FROM guardian_notifications WHERE order_id = $1',
      [orderId],
    )
  )[0];

test('a reminder the relay keeps refusing ends FAILED, alerted once with «Reintentar»', async () => {
  const family = await system.family(1, undefined, { email: `tutor1@${BOUNCING_DOMAIN}` });
  const [orderId] = await system.bill([family], '2026-09-10');
  // Each retry waits its backoff: the clock is moved to it, as the hours would pass.
  const failed = await waitFor(async () => {
    const row = await rowOf(orderId!);
    if (row?.status === 'QUEUED' && row.next_attempt_at > system.clock.now)
      system.clock.now = row.next_attempt_at;
    return row?.status === 'FAILED' ? row : undefined;
  });
  expect(failed.attempts).toBe(5);
  await waitFor(() => alerts.length === 1);
  const [alert] = alerts;
  expect(alert!.text).toContain(`payment_reminder por MAIL a tutor1@${BOUNCING_DOMAIN}`);
  expect(alert!.text).toContain('tras 5 intentos');
  const button = alert!.blocks[1]!.elements![0]!;
  expect(button).toMatchObject({ action_id: RETRY_NOTIFICATION_ACTION, value: failed.id });

  // The operator presses it: the reminder is tried again from its first attempt.
  const body = pressed(button.value);
  expect((await postInteraction(system, body, slackSigned(body, system.clock.now))).status).toBe(
    200,
  );
  const retried = await waitFor(async () => {
    const row = await rowOf(orderId!);
    return row?.status === 'QUEUED' && row.attempts === 1 ? row : undefined;
  });
  expect(retried.id).toBe(failed.id);
  expect(alerts).toHaveLength(1);
});
