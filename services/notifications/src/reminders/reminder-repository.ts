import { eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationChannel, ReminderKind } from '@cuota/contracts/notifications/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { announceDue } from '../guardian-notifications/notification-repository';
import { receivables, reminderSchedules } from '../schema';
import { DEFAULT_SCHEDULE, type ReminderSchedule } from './reminder-rules';

/** A school's schedule, or the default when it has none of its own. */
export async function scheduleOf(db: Executor, schoolId: string): Promise<ReminderSchedule> {
  const [row] = await db
    .select()
    .from(reminderSchedules)
    .where(eq(reminderSchedules.schoolId, schoolId));
  return row ?? DEFAULT_SCHEDULE;
}

/** A school's first schedule (the demo's seed): one it saved already is kept. True if written. */
export async function saveScheduleIfNone(
  db: Executor,
  schoolId: string,
  schedule: ReminderSchedule,
  at: Date,
): Promise<boolean> {
  const written = await db
    .insert(reminderSchedules)
    .values({ schoolId, ...schedule, updatedAt: at })
    .onConflictDoNothing({ target: reminderSchedules.schoolId })
    .returning({ schoolId: reminderSchedules.schoolId });
  return written.length > 0;
}

/** Saves a school's schedule (one row per school; the newest save wins). */
export async function saveSchedule(
  db: Executor,
  schoolId: string,
  schedule: ReminderSchedule,
  at: Date,
): Promise<void> {
  const changes = { ...schedule, updatedAt: at };
  await db
    .insert(reminderSchedules)
    .values({ schoolId, ...changes })
    .onConflictDoUpdate({ target: reminderSchedules.schoolId, set: changes });
}

/** Schools with an order still to be paid: the ones a planning pass looks at. */
export async function schoolsWithOpenReceivables(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ schoolId: receivables.schoolId })
    .from(receivables)
    .where(sql`${receivables.paidCentavos} < ${receivables.totalCentavos}`);
  return rows.map((r) => r.schoolId);
}

/**
 * Which of a school's open orders a plan reminds: due on a target date (the schedule), named
 * by staff, or due within a range of dates (the internal reminder runs; `dueFrom` null: any
 * date up to `dueTo`).
 */
export type ReminderSelection =
  | { targets: { kind: ReminderKind; dueOn: string }[] }
  | { kind: 'MANUAL'; orderIds: string[] }
  | { kind: ReminderKind; dueFrom: string | null; dueTo: string };

function selectionSql(selection: ReminderSelection): { from: SQL; where: SQL } {
  if ('targets' in selection) {
    const values = selection.targets.map((t) => sql`(${t.kind}, ${t.dueOn}::date)`);
    return {
      from: sql`JOIN (VALUES ${sql.join(values, sql`, `)}) AS t(kind, due_on) ON t.due_on = r.due_on`,
      where: sql`TRUE`,
    };
  }
  const from = sql`CROSS JOIN (SELECT ${selection.kind}::text AS kind) AS t`;
  if ('orderIds' in selection) return { from, where: sql`r.order_id IN ${selection.orderIds}` };
  const after = selection.dueFrom ? sql`r.due_on >= ${selection.dueFrom}::date` : sql`TRUE`;
  return { from, where: sql`${after} AND r.due_on <= ${selection.dueTo}::date` };
}

/**
 * Writes the reminders of one school for one Mexico City day in one statement: one per open
 * order, guardian (the student's billing guardian, else each linked one) and channel of the
 * school's that the guardian has an address for (e-mail; phone for WhatsApp). The dedupe key
 * makes a second plan of the same day write nothing; an e-mail's key is the one of ADR 0064,
 * a WhatsApp's ends in `:WHATSAPP` (ADR 0075). Returns the orders reminded by this call.
 */
export async function planReminders(
  db: Executor,
  plan: {
    schoolId: string;
    day: string;
    now: Date;
    channels: NotificationChannel[];
    selection: ReminderSelection;
  },
): Promise<string[]> {
  if ('targets' in plan.selection && plan.selection.targets.length === 0) return [];
  const { from, where } = selectionSql(plan.selection);
  const result = await db.execute<{ order_id: string }>(sql`
    INSERT INTO guardian_notifications (dedupe_key, school_id, guardian_id, channel, template,
      reminder_kind, order_id, recipient, variables, created_at, next_attempt_at)
    SELECT 'payment_reminder:' || r.order_id || ':' || g.guardian_id || ':' || ${plan.day}::text
        || CASE ch.channel WHEN 'MAIL' THEN '' ELSE ':' || ch.channel END,
      r.school_id, g.guardian_id, ch.channel, 'payment_reminder', t.kind, r.order_id,
      CASE ch.channel WHEN 'MAIL' THEN g.email ELSE g.phone END,
      jsonb_build_object('guardian_name', g.first_name,
        'student_name', sd.first_name || ' ' || sd.last_name,
        'concept_name', r.concept_name, 'period', coalesce(r.period, ''),
        'due_on', r.due_on::text),
      ${plan.now}, ${plan.now}
    FROM receivables r
    ${from}
    JOIN student_directory sd ON sd.student_id = r.student_id
    CROSS JOIN LATERAL unnest(CASE WHEN sd.billing_guardian_id IS NOT NULL
      THEN ARRAY[sd.billing_guardian_id] ELSE sd.guardian_ids END) AS family(guardian_id)
    JOIN guardians g ON g.guardian_id = family.guardian_id
    CROSS JOIN unnest(${sql.param(plan.channels)}::text[]) AS ch(channel)
    WHERE r.school_id = ${plan.schoolId} AND r.paid_centavos < r.total_centavos AND ${where}
      AND CASE ch.channel WHEN 'MAIL' THEN g.email ELSE g.phone END IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING order_id`);
  if (result.rows.length > 0) await announceDue(db);
  return [...new Set(result.rows.map((r) => r.order_id))];
}
