import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import type { PaidMethod } from '../cfdi/invoice-input';
import { creditOrigins } from '../schema';

/** The only code that touches `credit_origins`. */
export async function recordCreditOrigin(
  tx: Executor,
  origin: { studentId: string; method: PaidMethod; payinId: string; recordedAt: Date },
): Promise<void> {
  const { studentId: _key, ...changes } = origin;
  await tx
    .insert(creditOrigins)
    .values(origin)
    .onConflictDoUpdate({
      target: creditOrigins.studentId,
      set: changes,
      setWhere: sql`${creditOrigins.recordedAt} <= excluded.recorded_at`,
    });
}

export async function creditMethodOf(
  db: Executor,
  studentId: string,
): Promise<PaidMethod | undefined> {
  const [row] = await db
    .select({ method: creditOrigins.method })
    .from(creditOrigins)
    .where(eq(creditOrigins.studentId, studentId));
  return row?.method;
}
