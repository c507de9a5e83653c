import { and, eq } from 'drizzle-orm';
import type { CreditTransfer } from '@cuota/contracts/payments/credit';
import type { Executor } from '@cuota/messaging/transaction';
import { claimed } from '@cuota/service-runtime/idempotency/key-on-row';
import { creditTransfers } from '../schema';

/** The only code that reads or writes `credit_transfers`. */
export type CreditTransferRow = typeof creditTransfers.$inferSelect;
export type NewCreditTransfer = Omit<CreditTransferRow, 'id' | 'createdAt'>;

/** Inserts the transfer under its key; KeyTaken when another request holds it (ADR 0019). */
export async function insertCreditTransfer(
  tx: Executor,
  transfer: NewCreditTransfer,
): Promise<CreditTransferRow> {
  const [row] = await tx
    .insert(creditTransfers)
    .values(transfer)
    .onConflictDoNothing({ target: [creditTransfers.schoolId, creditTransfers.idempotencyKey] })
    .returning();
  return claimed(row);
}

export async function creditTransferByKey(
  db: Executor,
  schoolId: string,
  idempotencyKey: string,
): Promise<CreditTransferRow | null> {
  const [row] = await db
    .select()
    .from(creditTransfers)
    .where(
      and(
        eq(creditTransfers.schoolId, schoolId),
        eq(creditTransfers.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

export const toCreditTransfer = (row: CreditTransferRow): CreditTransfer => ({
  id: row.id,
  school_id: row.schoolId,
  kind: row.kind,
  from_student_id: row.fromStudentId,
  to_student_id: row.toStudentId,
  method: row.method,
  amount_centavos: row.amountCentavos,
  reason: row.reason,
  requested_by: row.requestedBy,
  created_at: row.createdAt.toISOString(),
});
