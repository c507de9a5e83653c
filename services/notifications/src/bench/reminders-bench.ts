import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
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
import { NotificationSender } from '../sending/notification-sender';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
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
  /** WhatsApp messages the sandbox took, and to how many numbers (equal: none twice). */
  whatsapps: number;
  whatsappNumbers: number;
}

/** One family (guardian with e-mail and phone, one student, one order due on the 10th) each. */
async function seed(db: NotificationsDb, families: number) {
  await db.execute(sql`INSERT INTO schools VALUES (${SCHOOL}, 'Colegio de la prueba', now())`);
  await db.execute(sql`
    INSERT INTO guardians (guardian_id, school_ids, first_name, last_name, email, phone, updated_at)
    SELECT 'g' || i, ARRAY[${SCHOOL}], 'Tutor' || i, 'López', 'tutor' || i || '@example.mx',
      (5215500000000 + i)::text, now() FROM generate_series(1, ${families}) AS i`);
  await db.execute(sql`
    INSERT INTO student_directory (student_id, school_id, first_name, last_name,
      billing_guardian_id, guardian_ids, updated_at)
    SELECT 's' || i, ${SCHOOL}, 'Alumno' || i, 'López', 'g' || i, ARRAY['g' || i], now()
    FROM generate_series(1, ${families}) AS i`);
  await db.execute(sql`
    INSERT INTO receivables (order_id, school_id, student_id, concept_name, period, due_on,
      total_centavos)
    SELECT 'o' || i, ${SCHOOL}, 's' || i, 'Colegiatura', '2026-09', '2026-09-10', 250000
    FROM generate_series(1, ${families}) AS i`);
  await db.execute(sql`
    INSERT INTO reminder_schedules (school_id, channels) VALUES (${SCHOOL}, '{MAIL,WHATSAPP}')`);
}

/**
 * Issue 22's morning: `reminders` reminders (one order per family, each family reminded by
 * e-mail and by WhatsApp) planned in one pass, then sent by `senders`
 * senders on one database (as that many instances) to the SMTP and WhatsApp sandboxes, billing's
 * quote answered in-process. Counts what was sent: none twice, none lost.
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
      student_id: `s${order_id.slice(1)}`,
      concept_id: 'c',
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
  const now = () => NOW;
  try {
    await seed(db, families);
    const planStarted = performance.now();
    const planned = await new ReminderPlanner(db, logger, 60_000, now).planToday();
    const planSeconds = (performance.now() - planStarted) / 1000;
    const mailer = createMailer(`smtp://127.0.0.1:${smtp.smtpPort}`, 'Cuota <avisos@cuota.test>');
    const settings = { batch: 200, idleMs: 50, portalUrl: 'http://portal.cuota.test' };
    const deps = { db, nc: ns.nc, ns, mailer, logger, now };
    const whatsappAccount = { apiUrl: `${whatsapp.url}/v21.0`, ...WHATSAPP };
    const sendStarted = performance.now();
    await Promise.all(
      Array.from({ length: senders }, async () => {
        const sender = new NotificationSender({ ...deps, whatsapp: whatsappAccount }, settings);
        while ((await sender.pass()).more);
      }),
    );
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    mailer.close();
    const [sent] = (
      await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM guardian_notifications WHERE status = 'SENT'`,
      )
    ).rows;
    if (planned !== families || sent!.n !== families * 2)
      throw new Error(`planned ${planned} orders, ${sent!.n} sent of ${families * 2}`);
    return {
      orders: families,
      reminders: sent!.n,
      senders,
      planSeconds: Number(planSeconds.toFixed(2)),
      sendSeconds: Number(sendSeconds.toFixed(1)),
      remindersPerSecond: Math.round(sent!.n / sendSeconds),
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
