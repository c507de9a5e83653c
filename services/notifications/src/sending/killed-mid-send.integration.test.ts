/**
 * A sender killed (SIGKILL) after the mail relay took an e-mail but before it recorded it as
 * sent (ADR 0094): the next sender sends it again once the lease runs out, with the same
 * Message-ID, and the receiving side keeps one copy. Notifications runs as its own OS process
 * on the test system's database and NATS namespace.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { NATS_URL } from '@cuota/testing/environment';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { bundleServiceMain, ServiceProcess } from '@cuota/testing/service-process';
import { waitFor } from '@cuota/testing/wait-for';
import {
  SCHOOL_ID,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(120_000);

let system: NotificationsTestSystem;
let bundle: Awaited<ReturnType<typeof bundleServiceMain>>;
let sender: ServiceProcess | undefined;

beforeAll(async () => {
  // The in-process service keeps a clock in September: rows the process (today's clock)
  // queues are not yet due for it, so only the process sends.
  system = await startNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });
  bundle = await bundleServiceMain(path.resolve(__dirname, '../..'));
});
afterAll(async () => {
  await sender?.kill();
  await bundle?.remove();
  await system?.stop();
});

const startSender = () =>
  ServiceProcess.start(bundle.file, {
    DATABASE_URL: system.underTest.database.url,
    NATS_URL,
    NATS_PREFIX: system.ns.prefix,
    IDENTITY_PUBLIC_JWK: JSON.stringify(system.underTest.identity.keys.publicJwk),
    SMTP_URL: `smtp://127.0.0.1:${system.smtp.smtpPort}`,
    MAIL_FROM: 'Cuota <avisos@cuota.test>',
    PUBLIC_URL: 'http://portal.cuota.test',
  });

const receiptRow = async (payinId: string) =>
  (
    await system.underTest.query<{ status: string }>(
      'SELECT status FROM guardian_notifications WHERE dedupe_key = $1',
      [`payment_received:${payinId}`],
    )
  )[0];

test('killed between the relay taking the e-mail and recording it: the family has one copy', async () => {
  const family = await system.family(1);
  await system.underTest.service.stopConsumers();
  sender = await startSender();
  const held = system.smtp.holdReplies();

  const payinId = randomUUID();
  await system.publish(payinSucceededV1, {
    payin_id: payinId,
    school_id: SCHOOL_ID,
    type: 'CARD',
    method: 'credit_card',
    amount_centavos: 250_000,
    paid_at: new Date().toISOString(),
    guardian_id: family.guardianId,
    allocations: [],
    credit_created_centavos: 250_000,
    credit_student_id: family.studentId,
  });
  await waitForMessage(system.mailbox, family.email);
  await sender.kill();
  held.release();
  expect((await receiptRow(payinId))!.status).toBe('SENDING');

  // The dead sender's lease runs out (five minutes, made now), and a new process takes it.
  await system.underTest.query(
    "UPDATE guardian_notifications SET next_attempt_at = now() WHERE status = 'SENDING'",
  );
  sender = await startSender();
  await waitFor(async () => (await receiptRow(payinId))?.status === 'SENT', 60_000);
  expect(await messagesTo(system.mailbox, family.email)).toHaveLength(1);
  expect(system.smtp.mailbox.duplicates).toBe(1);
});
