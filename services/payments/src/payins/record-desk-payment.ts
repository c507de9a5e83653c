import type { DeskPayment, Payin } from '@cuota/contracts/payments/payins';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import {
  allocationWatermark,
  insertAllocations,
  lockStudents,
} from '../allocation/allocation-repository';
import { allocateOldestFirst, totalOf } from '../allocation/allocation-rules';
import { dueOrders } from '../allocation/due-orders';
import { creditAccount, schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { studentOfSchool } from '@cuota/student-directory/student-directory-repository';
import {
  allocationsOfPayins,
  insertDeskPayin,
  markPayinSucceeded,
  nextReceiptNumber,
  payinByKey,
  type NewDeskPayin,
  type PayinRow,
} from './payin-repository';
import { toPayin } from './payin-view';

export const UNKNOWN_STUDENT = 'No encontramos a este alumno en la escuela.';

/**
 * Cash or a transfer received at the school's desk (ADR 0016): allocated to the student's
 * open orders oldest due first (late fee, then base), the rest kept as the student's credit
 * balance, the ledger posted and payments.payin.succeeded enqueued, in one transaction under
 * the student's lock. The Idempotency-Key, kept on the payin (ADR 0019), makes a retried
 * request return the first payin; a request that loses the key to a concurrent one rolls back
 * (its receipt number too) and returns the winner's.
 */
export async function recordDeskPayment(
  deps: PaymentsDeps,
  schoolId: string,
  body: DeskPayment,
  idempotencyKey: string,
  recordedBy: string,
): Promise<Payin> {
  const hash = requestHash({ school_id: schoolId, ...body });
  const { row } = await onceOnRow({
    hash,
    find: () => payinByKey(deps.db, schoolId, idempotencyKey),
    create: () =>
      paidAtDesk(deps, schoolId, body, { idempotencyKey, requestHash: hash }, recordedBy),
  });
  const allocated = await allocationsOfPayins(deps.db, [row.id]);
  return toPayin(row, allocated.get(row.id) ?? []);
}

/** The payin, its allocations and its ledger posting, in one transaction. */
async function paidAtDesk(
  deps: PaymentsDeps,
  schoolId: string,
  body: DeskPayment,
  key: Pick<NewDeskPayin, 'idempotencyKey' | 'requestHash'>,
  recordedBy: string,
): Promise<PayinRow> {
  const student = await studentOfSchool(deps.db, schoolId, body.student_id);
  if (!student) throw notFound(UNKNOWN_STUDENT);
  return deps.db.transaction(async (tx) => {
    await lockStudents(tx, [student.studentId]);
    const watermark = await allocationWatermark(tx);
    const quoted = await deps.billing.openOrdersOf(schoolId, student.studentId);
    const due = await dueOrders(tx, quoted, watermark);
    const { allocations, remainder } = allocateOldestFirst(due, body.amount_centavos);
    const paidAt = deps.now();
    const inserted = await insertDeskPayin(tx, {
      schoolId,
      type: body.method === 'cash' ? 'CASH_IN' : 'TRANSFER_IN',
      method: body.method,
      amountCentavos: body.amount_centavos,
      guardianId: student.billingGuardianId,
      studentId: student.studentId,
      ...key,
      receiptNumber: await nextReceiptNumber(tx, schoolId),
      recordedBy,
      note: body.note ?? null,
      paidAt,
    });
    const base = allocations.reduce((s, a) => s + a.baseCentavos, 0);
    await postLedgerTransaction(tx, {
      idempotencyKey: `payin:${inserted.id}:received`,
      schoolId,
      description: `Pago en caja ${inserted.receiptNumber}`,
      occurredAt: paidAt,
      lines: [
        {
          account: schoolAccount(schoolId, body.method === 'cash' ? 'cash_desk' : 'bank'),
          amountCentavos: body.amount_centavos,
        },
        { account: schoolAccount(schoolId, 'receivable'), amountCentavos: -base },
        {
          account: schoolAccount(schoolId, 'late_fee_revenue'),
          amountCentavos: -(totalOf(allocations) - base),
        },
        {
          account: creditAccount(schoolId, student.studentId),
          amountCentavos: -remainder,
        },
      ],
    });
    await insertAllocations(tx, schoolId, { payinId: inserted.id }, allocations);
    return markPayinSucceeded(tx, inserted, {
      paidAt,
      allocations,
      creditCreatedCentavos: remainder,
      creditStudentId: remainder > 0 ? student.studentId : null,
    });
  });
}
