import type { DeskPreview, DeskPreviewRequest } from '@cuota/contracts/payments/desk';
import { allocationWatermark, toAllocation } from '../allocation/allocation-repository';
import { totalOf } from '../allocation/allocation-rules';
import type { PaymentsDeps } from '../payments-deps';
import { deskLimitOf } from '../schools/school-repository';
import { dueOfFamily, familyAtDesk, owedOfFamily } from './desk-family';
import { totalOwed } from '../owed/owed-rules';
import { notOpenRefusal } from './desk-refusals';
import { NOT_OPEN, overLimit, planDeskPayment } from './desk-rules';

/**
 * What a payment would pay, with the rules the payment itself runs (ADR 0036): the screen
 * shows it before the cashier confirms. Writes nothing.
 */
export async function previewDeskPayment(
  deps: PaymentsDeps,
  schoolId: string,
  studentId: string,
  request: DeskPreviewRequest,
): Promise<DeskPreview> {
  const { db, billing } = deps;
  const family = await familyAtDesk(db, schoolId, studentId);
  const watermark = await allocationWatermark(db);
  const [due, owed, limit] = await Promise.all([
    dueOfFamily(db, billing, schoolId, family.memberIds, watermark),
    owedOfFamily(db, schoolId, family.memberIds),
    deskLimitOf(db, schoolId),
  ]);
  const plan = planDeskPayment(due, {
    studentId,
    amountCentavos: request.amount_centavos,
    orderIds: request.order_ids,
    owed,
  });
  if (plan === NOT_OPEN) throw notOpenRefusal();
  return {
    amount_centavos: request.amount_centavos,
    owed_centavos: plan.owed - totalOwed(owed),
    refund_owed_centavos: totalOwed(plan.owedCollected),
    allocations: plan.allocations.map(toAllocation),
    applied_centavos: totalOf(plan.allocations),
    excess_centavos: plan.excess,
    limit_centavos: limit,
    over_limit: overLimit(request.amount_centavos, limit),
  };
}
