import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { owedCollections } from '../schema';
import type { OwedShare } from './owed-rules';

/** The only code that reads or writes `owed_collections` (ADR 0036). */

export type OwedSource =
  | { payinId: string }
  | { creditApplicationId: string }
  /** A void's rows put back what its payin collected, negated. */
  | { reversalId: string };

export async function insertOwedCollections(
  tx: Executor,
  schoolId: string,
  source: OwedSource,
  shares: OwedShare[],
): Promise<void> {
  if (!shares.length) return;
  await tx.insert(owedCollections).values(
    shares.map((s) => ({
      ...source,
      schoolId,
      studentId: s.studentId,
      amountCentavos: s.centavos,
    })),
  );
}

/** What this payin collected of refunds owed, per student. */
export async function owedCollectedByPayin(tx: Executor, payinId: string): Promise<OwedShare[]> {
  const rows = await tx
    .select({ studentId: owedCollections.studentId, centavos: owedCollections.amountCentavos })
    .from(owedCollections)
    .where(and(eq(owedCollections.payinId, payinId), gt(owedCollections.amountCentavos, 0)))
    .orderBy(owedCollections.studentId);
  return rows;
}
