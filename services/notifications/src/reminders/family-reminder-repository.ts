import { sql, type SQL } from 'drizzle-orm';
import type { NotificationChannel } from '@cuota/contracts/notifications/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { announceDue } from '../guardian-notifications/notification-repository';

/** Reminders about the family itself rather than an order (ADR 0084). */
export type FamilyReminder = 'onboarding_reminder' | 'wrong_data_reminder';

/** Whom each reminds, among the school's guardians (notifications' copies of enrolment's). */
const REMINDED: Record<FamilyReminder, SQL> = {
  // A copy from before enrolment sent the stage has none: not reminded rather than pestered.
  onboarding_reminder: sql`g.onboarding_stage IS NOT NULL AND g.onboarding_stage <> 'COMPLETED'`,
  wrong_data_reminder: sql`cardinality(g.data_problems) > 0`,
};

/**
 * Writes one reminder per guardian of the school it applies to and channel of the school's the
 * guardian has an address for, in one statement; the dedupe key
 * (`<template>:<guardian>:<school>:<Mexico City day>`, `:WHATSAPP` for WhatsApp) makes a second
 * run of the day write nothing. Returns how many guardians this call reminded.
 */
export async function planFamilyReminders(
  db: Executor,
  plan: {
    template: FamilyReminder;
    schoolId: string;
    day: string;
    now: Date;
    channels: NotificationChannel[];
  },
): Promise<number> {
  const result = await db.execute<{ guardian_id: string }>(sql`
    INSERT INTO guardian_notifications (dedupe_key, school_id, guardian_id, channel, template,
      recipient, variables, created_at, next_attempt_at)
    SELECT ${plan.template} || ':' || g.guardian_id || ':' || ${plan.schoolId} || ':'
        || ${plan.day}::text || CASE ch.channel WHEN 'MAIL' THEN '' ELSE ':' || ch.channel END,
      ${plan.schoolId}, g.guardian_id, ch.channel, ${plan.template},
      CASE ch.channel WHEN 'MAIL' THEN g.email ELSE g.phone END,
      jsonb_build_object('guardian_name', g.first_name,
        'problems', array_to_string(g.data_problems, ',')),
      ${plan.now}, ${plan.now}
    FROM guardians g
    CROSS JOIN unnest(${sql.param(plan.channels)}::text[]) AS ch(channel)
    WHERE ${plan.schoolId} = ANY(g.school_ids) AND ${REMINDED[plan.template]}
      AND CASE ch.channel WHEN 'MAIL' THEN g.email ELSE g.phone END IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING guardian_id`);
  if (result.rows.length > 0) await announceDue(db);
  return new Set(result.rows.map((r) => r.guardian_id)).size;
}
