import { performance } from 'node:perf_hooks';
import { startSmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { startWhatsAppSandbox } from '@cuota/infra/sandboxes/whatsapp/whatsapp-sandbox.ts';
import { quoteOrdersRequest } from '@cuota/contracts/billing/requests';
import { serveReplies } from '@cuota/messaging/request-reply';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { createMailer } from '@cuota/service-runtime/mail/mailer';
import { createTestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace } from '@cuota/testing/test-namespace';
import type { NotificationsDb } from '../notifications-db';
import { NOTIFICATIONS_MIGRATIONS } from '../notifications-service';
import { ReminderPlanner } from '../reminders/reminder-planner';
import * as schema from '../schema';
import { outcomes, retriedCount, seedMorning } from './bench-morning-repository';
import { NotificationSender } from '../sending/notification-sender';
import { pooledSmtpUrl } from '../sending/pooled-smtp';
import { RETRY_DELAYS_MS } from '../sending/retry-rules';

/** The sender reads only the amount and due date of billing's quote. */
const ANY_STUDENT = '22222222-2222-4222-8222-222222222222';
const ANY_CONCEPT = '33333333-3333-4333-8333-333333333333';
/** 10:00 in Mexico City on 7 September 2026: the schedule reminds of the 10th. */
const NOW = new Date('2026-09-07T16:00:00Z');
const WHATSAPP = {
  phoneNumberId: '106540352242922',
  accessToken: 'bench',
  appSecret: 'bench-secret',
};

export interface RemindersBenchResult {
  orders: number;
  reminders: number;
  senders: number;
  planSeconds: number;
  sendSeconds: number;
  remindersPerSecond: number;
  /** Sent on a later attempt, after a timeout or refusal (the sender's retry, ADR 0064). */
  retried: number;
  /** WhatsApp messages the sandbox took, and to how many numbers (equal: none twice). */
  whatsapps: number;
  whatsappNumbers: number;
}

/**
 * Issue 22's morning: `reminders` reminders (one order per family, each family reminded by
 * e-mail and by WhatsApp) planned in one pass, then sent by `senders`
 * senders on one database (as that many instances, each with its pooled SMTP transport and a
 * batch of 100 sent at once, ADR 0084) to the SMTP and WhatsApp sandboxes, billing's
 * quote answered in-process. A send that times out is retried as in a deployment: the bench's
 * clock then moves to the retry. Counts what was sent: none twice, none lost.
 */
export async function benchReminders(reminders: number, senders: number) {
  const families = Math.ceil(reminders / 2);
  const database = await createTestDatabase('notifications_bench');
  const db = createDatabase(database.url, schema) as NotificationsDb;
  await runMigrations(db, NOTIFICATIONS_MIGRATIONS);
  const ns = await createTestNamespace();
  const smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  const whatsapp = await startWhatsAppSandbox({ port: 0, ...WHATSAPP });
  const quotes = serveReplies(ns.nc, ns, quoteOrdersRequest, async (q) => ({
    as_of: '2026-09-07',
    orders: q.order_ids.map((order_id) => ({
      order_id,
      student_id: ANY_STUDENT,
      concept_id: ANY_CONCEPT,
      concept_name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE' as const,
      period: '2026-09',
      due_on: '2026-09-10',
      pending_base_centavos: 250_000,
      late_fee_due_centavos: 0,
      status: 'NOT_PAID' as const,
      amount_centavos: 250_000,
      late_fee_centavos: 0,
    })),
  }));
  const logger = createLogger('reminders-bench', 'warn');
  const clock = { now: NOW };
  const now = () => clock.now;
  try {
    await seedMorning(db, families);
    const planStarted = performance.now();
    const planned = await new ReminderPlanner(db, logger, 60_000, now).planToday();
    const planSeconds = (performance.now() - planStarted) / 1000;
    const smtpUrl = pooledSmtpUrl(`smtp://127.0.0.1:${smtp.smtpPort}`);
    const settings = { batch: 100, idleMs: 50, portalUrl: 'http://portal.cuota.test' };
    const deps = { db, nc: ns.nc, ns, logger, now };
    const whatsappAccount = { apiUrl: `${whatsapp.url}/v21.0`, ...WHATSAPP };
    // Each its own SMTP pool, as an instance has.
    const mailers = Array.from({ length: senders }, () =>
      createMailer(smtpUrl, 'Cuota <avisos@cuota.test>'),
    );
    const instances = mailers.map(
      (mailer) => new NotificationSender({ ...deps, mailer, whatsapp: whatsappAccount }, settings),
    );
    const sendStarted = performance.now();
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      clock.now = new Date(clock.now.getTime() + delay);
      await Promise.all(
        instances.map(async (sender) => {
          while ((await sender.pass()).more);
        }),
      );
      if ((await outcomes(db)).every((o) => o.status !== 'QUEUED')) break;
    }
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    for (const mailer of mailers) mailer.close();
    const ended = await outcomes(db);
    const sent = ended.find((o) => o.status === 'SENT')?.n ?? 0;
    if (planned !== families || sent !== families * 2)
      throw new Error(`planned ${planned} orders, of ${families * 2}: ${JSON.stringify(ended)}`);
    return {
      orders: families,
      reminders: sent,
      senders,
      planSeconds: Number(planSeconds.toFixed(2)),
      sendSeconds: Number(sendSeconds.toFixed(1)),
      remindersPerSecond: Math.round(sent / sendSeconds),
      retried: await retriedCount(db),
      whatsapps: whatsapp.messages.length,
      whatsappNumbers: new Set(whatsapp.messages.map((m) => m.to)).size,
    } satisfies RemindersBenchResult;
  } finally {
    quotes.unsubscribe();
    await Promise.all([smtp.stop(), whatsapp.stop()]);
    await db.$client.end();
    await ns.dispose();
    await database.drop();
  }
}
