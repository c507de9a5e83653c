import { sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { creditTransfers, payinReversals, payins } from '../schema';

/** One movement of money by hand, as the corte lists it (amount signed: out is negative). */
export interface DeskMovementRow {
  kind: 'payin' | 'void' | 'credit_refund';
  at: Date;
  method: 'cash' | 'transfer';
  receiptNumber: string | null;
  cashierId: string;
  cashierName: string | null;
  amountCentavos: number;
  studentIds: string[];
}

/**
 * Everything staff did with money by hand on a Mexico City day (ADR 0036): desk payins
 * received (voided later or not), voids applied, credit given back. Each belongs to whoever
 * did it — it is that person's drawer — so the cashiers' cash adds up to cash_desk's day.
 */
export async function deskMovementsOnDay(
  db: Executor,
  schoolId: string,
  day: string,
  cashierId: string | null,
): Promise<DeskMovementRow[]> {
  const onDay = (column: unknown) =>
    sql`(${column} AT TIME ZONE 'America/Mexico_City')::date = ${day}::date`;
  const { rows } = await db.execute<{
    kind: DeskMovementRow['kind'];
    at: string;
    method: DeskMovementRow['method'];
    receipt_number: string | null;
    cashier_id: string;
    cashier_name: string | null;
    amount: string;
    student_ids: string[];
  }>(sql`
    SELECT * FROM (
      SELECT 'payin' AS kind, p.paid_at AS at, p.method, p.receipt_number,
             p.recorded_by AS cashier_id, p.recorded_by_name AS cashier_name,
             p.amount_centavos AS amount, p.student_ids
        FROM ${payins} p
       WHERE p.school_id = ${schoolId} AND p.type <> 'CARD' AND p.paid_at IS NOT NULL
         AND ${onDay(sql`p.paid_at`)}
      UNION ALL
      SELECT 'void', r.applied_at, p.method, p.receipt_number,
             r.requested_by, r.requested_by_name, -r.amount_centavos, p.student_ids
        FROM ${payinReversals} r JOIN ${payins} p ON p.id = r.payin_id
       WHERE r.school_id = ${schoolId} AND p.type <> 'CARD' AND r.status = 'applied'
         AND ${onDay(sql`r.applied_at`)}
      UNION ALL
      SELECT 'credit_refund', t.created_at, t.method, NULL,
             t.requested_by, t.requested_by_name, -t.amount_centavos, ARRAY[t.from_student_id]
        FROM ${creditTransfers} t
       WHERE t.school_id = ${schoolId} AND t.kind = 'refund' AND ${onDay(sql`t.created_at`)}
    ) m
    WHERE m.cashier_id IS NOT NULL
      AND (${cashierId}::text IS NULL OR m.cashier_id = ${cashierId})
    ORDER BY m.at, m.kind`);
  return rows.map((r) => ({
    kind: r.kind,
    at: new Date(r.at),
    method: r.method,
    receiptNumber: r.receipt_number,
    cashierId: r.cashier_id,
    cashierName: r.cashier_name,
    amountCentavos: Number(r.amount),
    studentIds: r.student_ids,
  }));
}
