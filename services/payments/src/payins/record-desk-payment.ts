import type { DeskPayment, Payin } from '@cuota/contracts/payments/payins';
import { notFound } from '@cuota/service-runtime/http/http-error';
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
import { assertSameRequest, requestHash } from './idempotency';
import {
  insertDeskPayin,
  markPayinSucceeded,
  nextReceiptNumber,
  payinByKey,
  type PayinRow,
} from './payin-repository';
import { toPayin } from './payin-view';
import { allocationsOfPayins } from './payin-repository';

export const UNKNOWN_STUDENT = 'No encontramos a este alumno en la escuela.';

/** Thrown inside the transaction when another request took the key first: roll back. */
class KeyTaken extends Error {}

/**
 * Cash or a transfer received at the school's desk (ADR 0016): allocated to the student's
 * open orders oldest due first (late fee, then base), the rest kept as the student's credit
 * balance, the ledger posted and payments.payin.succeeded enqueued, in one transaction under
 * the student's lock. The Idempotency-Key makes a retried request return the first payin.
 */
export async function recordDeskPayment(
  deps: PaymentsDeps,
  schoolId: string,
  body: DeskPayment,
  idempotencyKey: string,
  recordedBy: string,
): Promise<Payin> {
  const hash = requestHash({ school_id: schoolId, ...body });
  const existing = await payinByKey(deps.db, schoolId, idempotencyKey);
  if (existing) return viewOf(deps, existing, hash);
  const student = await studentOfSchool(deps.db, schoolId, body.student_id);
  if (!student) throw notFound(UNKNOWN_STUDENT);

  try {
    const payin = await deps.db.transaction(async (tx) => {
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
        idempotencyKey,
        requestHash: hash,
        receiptNumber: await nextReceiptNumber(tx, schoolId),
        recordedBy,
        note: body.note ?? null,
        paidAt,
      });
      if (!inserted) throw new KeyTaken();
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
    return viewOf(deps, payin, hash);
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    return viewOf(deps, (await payinByKey(deps.db, schoolId, idempotencyKey))!, hash);
  }
}

async function viewOf(deps: PaymentsDeps, payin: PayinRow, hash: string): Promise<Payin> {
  assertSameRequest(payin.requestHash, hash);
  const allocated = await allocationsOfPayins(deps.db, [payin.id]);
  return toPayin(payin, allocated.get(payin.id) ?? []);
}
