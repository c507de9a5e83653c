import { and, eq } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { schoolCycles } from '../schema';

/** Admissions: the school's active cycle (at most one, by a partial unique index), or null. */
export async function activeCycleId(db: Executor, schoolId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: schoolCycles.id })
    .from(schoolCycles)
    .where(and(eq(schoolCycles.schoolId, schoolId), eq(schoolCycles.status, 'active')));
  return row?.id ?? null;
}
