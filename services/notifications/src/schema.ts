import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OnboardingStage } from '@cuota/contracts/enrolment/entities';
import type {
  NotificationChannel,
  NotificationStatus,
  NotificationTemplate,
  ReminderKind,
} from '@cuota/contracts/notifications/entities';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';

/** Notifications' copy of enrolment's students (ADR 0026): whose guardians an order reminds. */
export { studentDirectory } from '@cuota/student-directory/student-directory-schema';

/** Each school's name, from enrolment.school.updated: what the messages sign with. */
export const schools = pgTable('schools', {
  schoolId: text('school_id').primaryKey(),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Each guardian's address, from enrolment.guardian.*: where their notifications go. */
export const guardians = pgTable('guardians', {
  guardianId: text('guardian_id').primaryKey(),
  schoolIds: text('school_ids').array().notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email'),
  /** WhatsApp's number, digits with country code (ADR 0075); null: no WhatsApp. */
  phone: text('phone'),
  /** The family's portal token: messages link to /guardians/{hash} (ADR 0084); null: not heard. */
  guardianHash: text('guardian_hash'),
  /** Enrolment's onboarding stage; the «onboarding» run reminds those not COMPLETED. */
  onboardingStage: text('onboarding_stage').$type<OnboardingStage>(),
  /** What of the guardian's fiscal data the SAT would refuse (the «wrong_data» run's list). */
  dataProblems: text('data_problems').array().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A short link in a WhatsApp or SMS message (ADR 0084): `/l/{code}` on the BFF redirects to
 * `target_url` until `expires_at`, counting each click.
 */
export const shortLinks = pgTable('short_links', {
  code: text('code').primaryKey(),
  targetUrl: text('target_url').notNull(),
  /**
   * The message that carries it (one link per notification, kept on a retry); null for a
   * link a family asked for by writing to the school's number.
   */
  notificationId: uuid('notification_id')
    .unique('short_links_notification_id')
    .references(() => guardianNotifications.id, { onDelete: 'cascade' }),
  guardianId: text('guardian_id').notNull(),
  clicks: integer('clicks').notNull().default(0),
  lastClickedAt: timestamp('last_clicked_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Billing's orders as far as reminders need them (ADR 0064): created by
 * billing.orders.billed (due date from billing's quote), totals by billing.order.adjusted,
 * paid by payments.payin.succeeded's allocations. The sender still asks billing before sending.
 */
export const receivables = pgTable(
  'receivables',
  {
    orderId: text('order_id').primaryKey(),
    schoolId: text('school_id').notNull(),
    studentId: text('student_id').notNull(),
    conceptName: text('concept_name').notNull(),
    period: text('period'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    totalCentavos: integer('total_centavos').notNull(),
    paidCentavos: integer('paid_centavos').notNull().default(0),
  },
  (t) => [
    // The planner's question: a school's open orders falling due on a date.
    index('receivables_open_due_idx')
      .on(t.dueOn, t.schoolId)
      .where(sql`${t.paidCentavos} < ${t.totalCentavos}`),
  ],
);

/** A school's reminder schedule (ADR 0064); a school without a row gets the default. */
export const reminderSchedules = pgTable(
  'reminder_schedules',
  {
    schoolId: text('school_id').primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
    /** Days before the due date (null: no reminder before). */
    daysBefore: smallint('days_before'),
    onDueDay: boolean('on_due_day').notNull().default(true),
    /** Days after the due date (null: no overdue reminder). */
    daysOverdue: smallint('days_overdue'),
    /** Quiet hours in America/Mexico_City: nothing is sent from `quiet_from` to `quiet_until`. */
    quietFrom: smallint('quiet_from').notNull().default(21),
    quietUntil: smallint('quiet_until').notNull().default(8),
    /** MAIL and/or WHATSAPP: each reminder goes once on each (ADR 0075). */
    channels: text('channels').array().$type<NotificationChannel[]>().notNull().default(['MAIL']),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'reminder_schedules_hours',
      sql`${t.quietFrom} BETWEEN 0 AND 23 AND ${t.quietUntil} BETWEEN 0 AND 23`,
    ),
  ],
);

/**
 * One message to one guardian (spec's guardian_notification). `dedupe_key` makes each one
 * once: `payment_reminder:<order>:<guardian>:<Mexico City day>`, `payment_received:<payin>`.
 */
export const guardianNotifications = pgTable(
  'guardian_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique('guardian_notifications_dedupe_key'),
    schoolId: text('school_id').notNull(),
    guardianId: text('guardian_id').notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    template: text('template').$type<NotificationTemplate>().notNull(),
    reminderKind: text('reminder_kind').$type<ReminderKind>(),
    /** The order a reminder is about (billing re-checks it before sending). */
    orderId: text('order_id'),
    /** An e-mail address, or for WhatsApp the number's digits with country code. */
    recipient: text('recipient').notNull(),
    /** The provider's id of what was sent (WhatsApp's `wamid.…`): its status webhooks name it. */
    providerMessageId: text('provider_message_id'),
    /** What the template fills in (names, amounts, dates), fixed when it was queued. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull(),
    status: text('status').$type<NotificationStatus>().notNull().default('QUEUED'),
    attempts: smallint('attempts').notNull().default(0),
    /** When the sender may take it (quiet hours, backoff) or, SENDING, when it took it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    index('guardian_notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('QUEUED', 'SENDING')`),
    index('guardian_notifications_guardian_idx').on(t.guardianId, t.createdAt),
    uniqueIndex('guardian_notifications_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
    // The dashboard's log: a school's notifications, newest first.
    index('guardian_notifications_school_idx').on(t.schoolId, t.createdAt),
  ],
);
