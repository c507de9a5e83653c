import type { DeskPayment, Payin } from '@cuota/contracts/payments/payins';
import type { Keyed } from '@cuota/service-runtime/http/endpoint-handlers';
import { KeyTaken, onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { allocationWatermark, lockStudents } from '../allocation/allocation-repository';
import { dueOfFamily, familyAtDesk, owedOfFamily } from '../desk/desk-family';
import { excessNotConfirmed, notOpenRefusal, overLimitRefusal } from '../desk/desk-refusals';
import { NOT_OPEN, overLimit, planDeskPayment } from '../desk/desk-rules';
import type { PaymentsDeps } from '../payments-deps';
import { deskLimitOf } from '../schools/school-repository';
import {
  insertDeskPayin,
  nextReceiptNumber,
  payinByKey,
  type NewDeskPayin,
  type PayinRow,
} from './payin-repository';
import { payinAnswerById } from './payin-answer-repository';
import { settleDeskPlan } from './settle-desk-plan';

/**
 * Cash or a transfer received at the school's desk (ADR 0016, ADR 0036): refused above the
 * school's limit; allocated to the chosen orders of the student and siblings (all of them
 * when none are chosen) oldest due first, late fee then base; what they do not need is the
 * desk student's credit, only when the cashier confirmed it. The ledger is posted and
 * payments.payin.succeeded enqueued in one transaction under the family's locks. The
 * Idempotency-Key, kept on the payin (ADR 0019), makes a retried request return the first
 * payin; a request that loses the key to a concurrent one rolls back (its receipt number
 * too) and returns the winner's.
 */
export async function recordDeskPayment(
  deps: PaymentsDeps,
  schoolId: string,
  body: DeskPayment,
  idempotencyKey: string,
  cashier: Cashier,
): Promise<Keyed<Payin>> {
  const hash = requestHash({ school_id: schoolId, ...body });
  const { row, replayed } = await onceOnRow({
    hash,
    find: () => payinByKey(deps.db, schoolId, idempotencyKey),
    create: () => paidAtDesk(deps, schoolId, body, { idempotencyKey, requestHash: hash }, cashier),
  });
  const answer = await payinAnswerById(deps.db, row.id);
  return { answer: JSON.parse(answer!.json) as Payin, replayed };
}

/** Who received the money: their id and their name as the receipt prints it. */
export interface Cashier {
  userId: string;
  name: string | null;
}

/** The payin, its allocations and its ledger posting, in one transaction. */
async function paidAtDesk(
  deps: PaymentsDeps,
  schoolId: string,
  body: DeskPayment,
  key: Pick<NewDeskPayin, 'idempotencyKey' | 'requestHash'>,
  cashier: Cashier,
): Promise<PayinRow> {
  const family = await familyAtDesk(deps.db, schoolId, body.student_id);
  const limit = await deskLimitOf(deps.db, schoolId);
  if (overLimit(body.amount_centavos, limit)) throw overLimitRefusal(limit);
  return deps.db.transaction(async (tx) => {
    await lockStudents(tx, family.memberIds);
    // A concurrent retry that held the locks first already paid: its payin answers, before
    // this one plans against orders and debts that payin already settled.
    if (await payinByKey(tx, schoolId, key.idempotencyKey)) throw new KeyTaken();
    const watermark = await allocationWatermark(tx);
    const due = await dueOfFamily(tx, deps.billing, schoolId, family.memberIds, watermark);
    const plan = planDeskPayment(due, {
      studentId: body.student_id,
      amountCentavos: body.amount_centavos,
      orderIds: body.order_ids,
      owed: await owedOfFamily(tx, schoolId, family.memberIds),
    });
    if (plan === NOT_OPEN) throw notOpenRefusal();
    if (plan.excess > 0 && !body.confirm_excess)
      throw excessNotConfirmed(body.amount_centavos, plan.owed, plan.excess);
    const { allocations, owedCollected } = plan;
    const paidAt = deps.now();
    const studentIds = [
      ...new Set([
        body.student_id,
        ...owedCollected.map((o) => o.studentId),
        ...allocations.map((a) => a.studentId),
      ]),
    ];
    const inserted = await insertDeskPayin(tx, {
      schoolId,
      type: body.method === 'cash' ? 'CASH_IN' : 'TRANSFER_IN',
      method: body.method,
      amountCentavos: body.amount_centavos,
      guardianId: family.guardianId,
      studentIds,
      ...key,
      receiptNumber: await nextReceiptNumber(tx, schoolId),
      recordedBy: cashier.userId,
      recordedByName: cashier.name,
      note: body.note ?? null,
      paidAt,
    });
    return settleDeskPlan(tx, inserted, plan, {
      studentId: body.student_id,
      paidAt,
      description: `Pago en caja ${inserted.receiptNumber}`,
    });
  });
}
