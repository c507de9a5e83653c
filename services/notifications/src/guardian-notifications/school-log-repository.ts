import { sql, type SQL } from 'drizzle-orm';
import type {
  DeliveryState,
  SentNotification,
  SentNotificationQuery,
} from '@cuota/contracts/notifications/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { isoTime } from '@cuota/service-runtime/db/json-answer';
import { containing } from '../search-pattern';

/** A notification's state as the dashboard names it, from its status and timestamps. */
const STATE = sql`CASE
  WHEN n.status IN ('QUEUED', 'SENDING') THEN 'QUEUED'
  WHEN n.status <> 'SENT' THEN n.status
  WHEN n.read_at IS NOT NULL OR n.opened_at IS NOT NULL THEN 'READ'
  WHEN n.delivered_at IS NOT NULL THEN 'DELIVERED'
  ELSE 'SENT' END`;

/** One page of a school's notifications, newest first, and how many the filters keep. */
export async function schoolLog(
  db: Executor,
  schoolId: string,
  query: SentNotificationQuery,
): Promise<{ count: number; rows: SentNotification[] }> {
  const filters: SQL[] = [sql`n.school_id = ${schoolId}`];
  if (query.channel) filters.push(sql`n.channel = ${query.channel}`);
  if (query.state) filters.push(sql`${STATE} = ${query.state satisfies DeliveryState}`);
  if (query.search)
    filters.push(
      sql`(coalesce(g.first_name, '') || ' ' || coalesce(g.last_name, '') || ' ' || n.recipient) ILIKE ${containing(query.search)}`,
    );
  const result = await db.execute<SentNotification & { total: number }>(sql`
    SELECT n.id, n.channel, n.template, n.reminder_kind, n.guardian_id,
      trim(coalesce(g.first_name, '') || ' ' || coalesce(g.last_name, '')) AS guardian_name,
      n.recipient, ${STATE} AS state, ${isoTime(sql`n.created_at`)} AS created_at,
      ${isoTime(sql`n.sent_at`)} AS sent_at, ${isoTime(sql`n.delivered_at`)} AS delivered_at,
      ${isoTime(sql`coalesce(n.read_at, n.opened_at)`)} AS read_at, n.last_error,
      count(*) OVER ()::int AS total
    FROM guardian_notifications n LEFT JOIN guardians g ON g.guardian_id = n.guardian_id
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY n.created_at DESC, n.id
    LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`);
  return {
    count: result.rows[0]?.total ?? 0,
    rows: result.rows.map(({ total: _total, ...row }) => row),
  };
}
