import { sql, type SQL } from 'drizzle-orm';
import type {
  GuardianAudienceRequest,
  GuardianDebt,
} from '@cuota/contracts/notifications/communications';
import type { NotificationChannel } from '@cuota/contracts/notifications/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { containing } from '../search-pattern';

/**
 * Each guardian of the school with what their family owes past its due date: orders are
 * counted for the student's billing guardian, else each linked one (as reminders go).
 */
const withDebts = (schoolId: string, today: string) => sql`
  WITH debts AS (
    SELECT family.guardian_id, count(*)::int AS overdue_orders,
      sum(r.total_centavos - r.paid_centavos)::int AS overdue_centavos
    FROM receivables r
    JOIN student_directory sd ON sd.student_id = r.student_id
    CROSS JOIN LATERAL unnest(CASE WHEN sd.billing_guardian_id IS NOT NULL
      THEN ARRAY[sd.billing_guardian_id] ELSE sd.guardian_ids END) AS family(guardian_id)
    WHERE r.school_id = ${schoolId} AND r.paid_centavos < r.total_centavos
      AND r.due_on < ${today}::date
    GROUP BY family.guardian_id
  ), audience AS (
    SELECT g.guardian_id, g.first_name, g.last_name, g.email, g.phone,
      coalesce(d.overdue_orders, 0) AS overdue_orders,
      coalesce(d.overdue_centavos, 0) AS overdue_centavos
    FROM guardians g LEFT JOIN debts d ON d.guardian_id = g.guardian_id
    WHERE ${schoolId} = ANY(g.school_ids)
  )`;

const reachableOn = (channel: NotificationChannel) =>
  channel === 'MAIL' ? sql`email IS NOT NULL` : sql`phone IS NOT NULL`;
const owing = (debt: GuardianDebt) =>
  debt === 'overdue' ? sql`overdue_orders > 0` : sql`overdue_orders = 0`;

export interface AudienceCounts {
  guardians: number;
  mail: number;
  whatsapp: number;
  overdue: number;
}

/** How many of the school's guardians each filter keeps. */
export async function audienceCounts(
  db: Executor,
  schoolId: string,
  today: string,
): Promise<AudienceCounts> {
  const result = await db.execute<Record<keyof AudienceCounts, number>>(sql`
    ${withDebts(schoolId, today)}
    SELECT count(*)::int AS guardians, count(email)::int AS mail, count(phone)::int AS whatsapp,
      count(*) FILTER (WHERE overdue_orders > 0)::int AS overdue
    FROM audience`);
  return result.rows[0]!;
}

export type AudienceGuardian = {
  guardian_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  overdue_orders: number;
  overdue_centavos: number;
};

/** One page of the school's guardians the filters keep, by last name, and how many in all. */
export async function audiencePage(
  db: Executor,
  today: string,
  ask: GuardianAudienceRequest,
): Promise<{ count: number; rows: AudienceGuardian[] }> {
  const filters: SQL[] = [sql`TRUE`];
  if (ask.channel) filters.push(reachableOn(ask.channel));
  if (ask.debt) filters.push(owing(ask.debt));
  if (ask.search)
    filters.push(sql`(first_name || ' ' || last_name) ILIKE ${containing(ask.search)}`);
  const result = await db.execute<AudienceGuardian & { total: number }>(sql`
    ${withDebts(ask.school_id, today)}
    SELECT *, count(*) OVER ()::int AS total FROM audience
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY last_name, first_name, guardian_id
    LIMIT ${ask.page_size} OFFSET ${(ask.page - 1) * ask.page_size}`);
  return {
    count: result.rows[0]?.total ?? 0,
    rows: result.rows.map(({ total: _total, ...row }) => row),
  };
}
