/**
 * Slack's interaction webhook (ADR 0094): staff press «Reintentar» on the alert of a
 * notification that failed for good, and it is sent again. Requests are signed as Slack signs
 * them (v0, timestamp within five minutes); anything else is a 401 that changes nothing.
 */
import {
  BAD_SLACK_PAYLOAD,
  BAD_SLACK_SIGNATURE,
} from '@cuota/contracts/notifications/slack-interaction';
import { waitFor } from '@cuota/testing/wait-for';
import {
  SCHOOL_ID,
  staffOf,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';
import {
  postInteraction as postTo,
  pressed,
  slackSigned as slackSignedAt,
} from '../test-support/slack-press';
import { NOTHING_TO_RETRY, RETRY_QUEUED } from './slack-interaction-handlers';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;

beforeAll(async () => {
  system = await startNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });
  const saved = await system.call(
    `/api/v1/dashboard/schools/${SCHOOL_ID}/reminder-schedule/`,
    staffOf(SCHOOL_ID, 'TREASURER'),
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        days_before: 3,
        on_due_day: true,
        days_overdue: 3,
        quiet_from: 21,
        quiet_until: 8,
        channels: ['WHATSAPP'],
      }),
    },
  );
  expect(saved.status).toBe(200);
});
afterAll(() => system?.stop());

interface Row {
  id: string;
  status: string;
  provider_message_id: string | null;
}
const rowOf = (orderId: string) =>
  system.underTest
    .query<Row>(
      'SELECT id, status, provider_message_id FROM guardian_notifications WHERE order_id = $1',
      [orderId],
    )
    .then((rows) => rows[0]);

const slackSigned = (body: string, at = system.clock.now, secret?: string) =>
  slackSignedAt(body, at, secret);
const postInteraction = (body: string, headers: Record<string, string>) =>
  postTo(system, body, headers);

/** A WhatsApp reminder to a number the provider cannot deliver to: FAILED, the dead letter. */
async function deadLetter(n: number): Promise<{ orderId: string; failed: Row }> {
  const family = await system.family(n, `55 888${n} 0000`);
  const [orderId] = await system.bill([family], '2026-09-10');
  const failed = await waitFor(async () => {
    const row = await rowOf(orderId!);
    return row?.status === 'FAILED' ? row : undefined;
  });
  return { orderId: orderId!, failed };
}

test('«Reintentar» signed by Slack sends the failed notification again', async () => {
  const { orderId, failed } = await deadLetter(1);
  const body = pressed(failed.id);
  const res = await postInteraction(body, slackSigned(body));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ text: RETRY_QUEUED });
  // Sent again: WhatsApp gave the new attempt a message id of its own (and refused it again).
  const again = await waitFor(async () => {
    const row = await rowOf(orderId);
    return row?.status === 'FAILED' && row.provider_message_id !== failed.provider_message_id
      ? row
      : undefined;
  });
  expect(again.id).toBe(failed.id);
});

test('a notification that is not failed is left alone', async () => {
  const family = await system.family(2, '55 8888 2222');
  const [orderId] = await system.bill([family], '2026-09-10');
  const sent = await waitFor(async () => {
    const row = await rowOf(orderId!);
    return row?.status === 'SENT' ? row : undefined;
  });
  const body = pressed(sent.id);
  const res = await postInteraction(body, slackSigned(body));
  expect(await res.json()).toEqual({ text: NOTHING_TO_RETRY });
  expect((await rowOf(orderId!))!.status).toBe('SENT');
});

test('a bad signature, another secret or an old timestamp is a 401 that retries nothing', async () => {
  const { orderId, failed } = await deadLetter(3);
  const body = pressed(failed.id);
  const sixMinutesAgo = new Date(system.clock.now.getTime() - 6 * 60_000);
  const refusals = [
    { ...slackSigned(body), 'x-slack-signature': 'v0=' + '0'.repeat(64) },
    slackSigned(body, system.clock.now, 'otro-secreto-de-firma-cualquiera'),
    slackSigned(body, sixMinutesAgo),
    {},
  ];
  for (const headers of refusals) {
    const res = await postInteraction(body, headers);
    expect(res.status).toBe(401);
    expect(JSON.stringify(await res.json())).toContain(BAD_SLACK_SIGNATURE);
  }
  expect(await rowOf(orderId)).toEqual(failed);
});

test('a signed payload of another shape is a Spanish 400', async () => {
  const body = new URLSearchParams({ payload: JSON.stringify({ type: 'view_submission' }) });
  const res = await postInteraction(body.toString(), slackSigned(body.toString()));
  expect(res.status).toBe(400);
  expect(JSON.stringify(await res.json())).toContain(BAD_SLACK_PAYLOAD);
});
