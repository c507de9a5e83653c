import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { CreditProfileInput } from '@cuota/contracts/payments/credit-profile';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianCreditProfiles } from '../schema';

/** The only code that reads or writes `guardian_credit_profiles` (ADR 0036 "risk"). */

export type CreditProfileRow = typeof guardianCreditProfiles.$inferSelect;

/** The family's profile in the school (one per guardian and school). */
const profileOf = (schoolId: string | SQLWrapper, guardianId: string | SQLWrapper) =>
  and(
    eq(guardianCreditProfiles.schoolId, schoolId),
    eq(guardianCreditProfiles.guardianId, guardianId),
  );

/** The family's risk level in the school as a scalar subquery (null: never judged). */
export const riskLevelSql = (
  db: Executor,
  schoolId: string | SQLWrapper,
  guardianId: string | SQLWrapper,
) =>
  sql<CreditProfileRow['riskLevel'] | null>`(${db
    .select({ riskLevel: guardianCreditProfiles.riskLevel })
    .from(guardianCreditProfiles)
    .where(profileOf(schoolId, guardianId))})`;

export async function creditProfileOf(
  db: Executor,
  schoolId: string,
  guardianId: string,
): Promise<CreditProfileRow | null> {
  const [row] = await db
    .select()
    .from(guardianCreditProfiles)
    .where(profileOf(schoolId, guardianId));
  return row ?? null;
}

/**
 * Sets the profile: a repeated request leaves the same row (the last word wins), so a
 * retried POST needs no key. `updated_at` moves only when something changed.
 */
export async function saveCreditProfile(
  db: Executor,
  guardianId: string,
  input: CreditProfileInput,
  by: { userId: string; name: string | null },
): Promise<CreditProfileRow> {
  const values = {
    schoolId: input.school_id,
    guardianId,
    riskLevel: input.risk_level,
    paidFlag: input.paid_flag,
    note: input.note ?? null,
    updatedBy: by.userId,
    updatedByName: by.name,
  };
  const t = guardianCreditProfiles;
  const [row] = await db
    .insert(t)
    .values(values)
    .onConflictDoUpdate({
      target: [t.schoolId, t.guardianId],
      set: {
        riskLevel: values.riskLevel,
        paidFlag: values.paidFlag,
        note: values.note,
        updatedBy: values.updatedBy,
        updatedByName: values.updatedByName,
        updatedAt: sql`CASE WHEN (${t.riskLevel}, ${t.paidFlag}, ${t.note})
          IS NOT DISTINCT FROM (excluded.risk_level, excluded.paid_flag, excluded.note)
          THEN ${t.updatedAt} ELSE now() END`,
      },
    })
    .returning();
  return row!;
}
