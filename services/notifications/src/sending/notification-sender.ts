import type { NatsConnection } from '@nats-io/transport-node';
import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import type { Namespace } from '@cuota/messaging/naming';
import type { Database } from '@cuota/service-runtime/db/database';
import { WorkLoop, type WorkPass } from '@cuota/service-runtime/db/work-loop';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { Mailer } from '@cuota/service-runtime/mail/mailer';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import {
  claimDue,
  markCanceled,
  markFailed,
  markSent,
  NOTIFICATIONS_DUE_CHANNEL,
  requeue,
  type NotificationRow,
} from '../guardian-notifications/notification-repository';
import type { NotificationsDb } from '../notifications-db';
import { amountDueOf, quoteOpenOrders } from '../receivables/due-dates';
import { scheduleOf } from '../reminders/reminder-repository';
import { quietHoursEnd } from '../reminders/reminder-rules';
import { guardianHashesOf, schoolNamesOf } from '../families/family-repository';
import { sendWhatsApp } from '../whatsapp/whatsapp-client';
import type { WhatsAppSettings } from '../whatsapp/whatsapp-settings';
import { whatsAppTemplate } from '../whatsapp/whatsapp-template';
import { failedNotificationAlert, postStaffAlert } from '../slack/staff-alert';
import { messageLink } from './message-link';
import { notificationMail, type MessageContext } from './notification-mail';
import { nextAttempt } from './retry-rules';

export interface SenderSettings {
  /** Notifications taken per pass, and sent at once (the bound on concurrent sends). */
  batch: number;
  /** Wait between passes when nothing is due. */
  idleMs: number;
  portalUrl: string;
}

export const NO_LONGER_DUE = 'La orden ya no tiene saldo pendiente: el recordatorio no se envió.';
export const NO_WHATSAPP_ACCOUNT = 'WhatsApp no está configurado en este ambiente.';

interface Deps {
  db: NotificationsDb;
  nc: NatsConnection;
  ns: Namespace;
  mailer: Mailer;
  /** The WhatsApp account; without it WhatsApp notifications fail (and are retried). */
  whatsapp?: WhatsAppSettings;
  /** Where a notification given up on is announced to Cuota's operators (ADR 0094). */
  slackAlertsUrl?: string;
  logger: Logger;
  now: () => Date;
}

/**
 * Sends what is due (ADR 0064, 0084): claims a batch as SENDING, holds reminders in their school's
 * quiet hours, asks billing right before sending whether each reminded order is still open
 * (a payment since planning cancels the reminder), sends, marks SENT; a failure is retried
 * with backoff and then FAILED.
 */
export class NotificationSender {
  private readonly loop: WorkLoop;
  private readonly deps: Deps;
  private readonly settings: SenderSettings;

  constructor(deps: Deps, settings: SenderSettings) {
    this.deps = deps;
    this.settings = settings;
    this.loop = new WorkLoop({
      name: 'notification sender',
      pass: () => this.pass(),
      idleMs: settings.idleMs,
      logger: deps.logger,
      listen: {
        db: deps.db as Database<Record<string, unknown>>,
        channel: NOTIFICATIONS_DUE_CHANNEL,
      },
    });
  }

  start = () => this.loop.start();
  stop = () => this.loop.stop();

  async pass(): Promise<WorkPass> {
    const { db, now } = this.deps;
    const rows = await claimDue(db, now(), this.settings.batch);
    if (rows.length === 0) return { more: false };
    const [names, hashes] = await Promise.all([
      schoolNamesOf(db, [...new Set(rows.map((r) => r.schoolId))]),
      guardianHashesOf(db, [...new Set(rows.map((r) => r.guardianId))]),
    ]);
    for (const [schoolId, ofSchool] of groupBy(rows, (r) => r.schoolId)) {
      await this.sendSchool(ofSchool, { schoolName: names.get(schoolId) ?? 'Tu escuela', hashes });
    }
    return { more: rows.length === this.settings.batch };
  }

  private async sendSchool(rows: NotificationRow[], facts: PassFacts): Promise<void> {
    const { db, now } = this.deps;
    const schedule = await scheduleOf(db, rows[0]!.schoolId);
    const quietEnd = quietHoursEnd(schedule, now());
    const held = quietEnd ? rows.filter(heldInQuietHours) : [];
    await Promise.all(held.map((r) => requeue(db, r.id, quietEnd!, {})));
    const toSend = rows.filter((r) => !held.includes(r));
    let open: Map<string, QuotedOrder>;
    try {
      open = await this.openOrders(toSend);
    } catch (err) {
      await Promise.all(toSend.map((r) => this.failed(r, err)));
      return;
    }
    // At once: each send waits on the network (SMTP pool, WhatsApp), not on the others.
    await Promise.all(toSend.map((row) => this.sendOne(row, facts, open)));
  }

  private openOrders(rows: NotificationRow[]): Promise<Map<string, QuotedOrder>> {
    const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
    if (orderIds.length === 0) return Promise.resolve(new Map());
    return quoteOpenOrders(this.deps.nc, this.deps.ns, rows[0]!.schoolId, orderIds);
  }

  private async sendOne(row: NotificationRow, facts: PassFacts, open: Map<string, QuotedOrder>) {
    const { db, now } = this.deps;
    const quote = row.orderId ? open.get(row.orderId) : undefined;
    if (row.orderId && !quote) return markCanceled(db, row.id, NO_LONGER_DUE);
    let providerMessageId: string | null;
    try {
      const link = await messageLink(db, row, {
        portalUrl: this.settings.portalUrl,
        guardianHash: facts.hashes.get(row.guardianId) ?? null,
        now: now(),
      });
      const context: MessageContext = {
        schoolName: facts.schoolName,
        link,
        amountDueCentavos: quote ? amountDueOf(quote) : undefined,
        today: mexicoCityDate(now()),
      };
      providerMessageId = await this.deliver(row, context);
    } catch (err) {
      return this.failed(row, err);
    }
    await markSent(db, row.id, now(), providerMessageId);
  }

  /** Sends on the row's channel; WhatsApp's message id comes back for its status webhooks. */
  private async deliver(row: NotificationRow, context: MessageContext): Promise<string | null> {
    if (row.channel === 'MAIL') {
      await this.deps.mailer.send(notificationMail(row, context));
      return null;
    }
    if (!this.deps.whatsapp) throw new Error(NO_WHATSAPP_ACCOUNT);
    return sendWhatsApp(this.deps.whatsapp, row.recipient, whatsAppTemplate(row, context));
  }

  private async failed(row: NotificationRow, err: unknown): Promise<void> {
    const { db, now, logger } = this.deps;
    const attempts = row.attempts + 1;
    const error = err instanceof Error ? err.message : String(err);
    const at = nextAttempt(now(), attempts);
    logger.warn({ err, notificationId: row.id, attempts }, 'notification not sent');
    if (at) return requeue(db, row.id, at, { attempts, lastError: error });
    await markFailed(db, row.id, attempts, error);
    if (this.deps.slackAlertsUrl)
      await postStaffAlert(
        this.deps.slackAlertsUrl,
        failedNotificationAlert(row, attempts, error),
        logger,
      );
  }
}

/** What every message of a pass needs: its school's name, its guardians' portal tokens. */
interface PassFacts {
  schoolName: string;
  hashes: Map<string, string>;
}

/**
 * Reminders wait for the end of quiet hours; a receipt, a refund or a payment reference
 * answers what the family just did, now.
 */
const ANSWERS: ReadonlySet<string> = new Set([
  'payment_received',
  'store_refunded',
  'payment_reference',
]);
const heldInQuietHours = (row: NotificationRow) => !ANSWERS.has(row.template);

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
