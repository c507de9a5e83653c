import type { PaymentStatus } from '@cuota/contracts/payments/checkout';
import type { Payin } from '@cuota/contracts/payments/payins';
import { toAllocation } from '../allocation/allocation-repository';
import type { OrderAllocation } from '../allocation/allocation-rules';
import type { PayinItemRow, PayinRow } from './payin-repository';

/**
 * What a payin applied: its allocations once paid; before that (pending, failed), the
 * orders it was for, as quoted.
 */
export function appliedOrPlanned(
  row: PayinRow,
  allocated: OrderAllocation[] | undefined,
  planned: PayinItemRow[] | undefined,
): OrderAllocation[] {
  if (row.status === 'success') return allocated ?? [];
  return (planned ?? []).map((i) => ({
    orderId: i.orderId,
    studentId: i.studentId,
    conceptId: i.conceptId,
    conceptName: i.conceptName,
    conceptType: i.conceptType,
    period: i.period,
    baseCentavos: i.baseCentavos,
    lateFeeCentavos: i.lateFeeCentavos,
  }));
}

const cardOf = (row: PayinRow) =>
  row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null;
const errorOf = (row: PayinRow) =>
  row.errorCode && row.errorMessage ? { code: row.errorCode, message: row.errorMessage } : null;

/** A payin as staff and families see it; `names` are the students' (payments' directory). */
export function toPayin(
  row: PayinRow,
  applied: OrderAllocation[],
  names: Map<string, string>,
): Payin {
  return {
    id: row.id,
    school_id: row.schoolId,
    type: row.type,
    method: row.method,
    status: row.status,
    amount_centavos: row.amountCentavos,
    guardian_id: row.guardianId,
    student_ids: row.studentIds,
    student_names: row.studentIds.map((id) => names.get(id) ?? 'Alumno sin nombre'),
    allocations: applied.map(toAllocation),
    credit_created_centavos: row.creditCreatedCentavos,
    card: cardOf(row),
    receipt_number: row.receiptNumber,
    recorded_by: row.recordedBy,
    recorded_by_name: row.recordedByName,
    error: errorOf(row),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export function toPaymentStatus(row: PayinRow, applied: OrderAllocation[]): PaymentStatus {
  return {
    id: row.id,
    school_id: row.schoolId,
    status: row.status,
    method: row.method,
    amount_centavos: row.amountCentavos,
    card: cardOf(row),
    allocations: applied.map(toAllocation),
    error: errorOf(row),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}
