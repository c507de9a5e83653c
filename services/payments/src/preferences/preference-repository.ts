import { and, eq } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { claimed } from '@cuota/service-runtime/idempotency/key-on-row';
import { paymentPreferences } from '../schema';

/** The only code that reads or writes `payment_preferences` (ADR 0045). */
export type PreferenceRow = typeof paymentPreferences.$inferSelect;
export type NewPreference = Omit<PreferenceRow, 'id' | 'createdAt'>;

/** Inserts the preference under its key; KeyTaken when a concurrent request holds it. */
export async function insertPreference(db: Executor, preference: NewPreference) {
  const [row] = await db
    .insert(paymentPreferences)
    .values(preference)
    .onConflictDoNothing({
      target: [
        paymentPreferences.schoolId,
        paymentPreferences.guardianId,
        paymentPreferences.idempotencyKey,
      ],
    })
    .returning();
  return claimed(row);
}

export async function preferenceByKey(
  db: Executor,
  schoolId: string,
  guardianId: string,
  idempotencyKey: string,
): Promise<PreferenceRow | null> {
  const [row] = await db
    .select()
    .from(paymentPreferences)
    .where(
      and(
        eq(paymentPreferences.schoolId, schoolId),
        eq(paymentPreferences.guardianId, guardianId),
        eq(paymentPreferences.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

export async function preferenceById(db: Executor, id: string): Promise<PreferenceRow | null> {
  const [row] = await db.select().from(paymentPreferences).where(eq(paymentPreferences.id, id));
  return row ?? null;
}

/** The preference that opened a payin (a SPEI or cash payin has exactly one, ADR 0089). */
export async function preferenceOfPayin(db: Executor, payinId: string): Promise<PreferenceRow> {
  const [row] = await db
    .select()
    .from(paymentPreferences)
    .where(eq(paymentPreferences.payinId, payinId))
    .orderBy(paymentPreferences.createdAt)
    .limit(1);
  return row!;
}
