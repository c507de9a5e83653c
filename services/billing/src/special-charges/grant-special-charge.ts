import type {
  CreateSpecialDiscount,
  CreateSpecialOverCharge,
} from '@cuota/contracts/billing/special-charges';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest } from '@cuota/service-runtime/http/http-error';
import { editOrder, type OrderEdit } from '../orders/correct-order';
import type { Correction } from '../orders/order-adjustment-repository';
import {
  pesos,
  specialDiscountOn,
  surchargeOn,
  type SpecialTerms,
} from '../orders/order-adjustment-rules';
import type { OrderForPayment } from '../orders/order-payment-repository';
import { insertSpecialCharge, type Direction } from './special-charge-repository';

type Grant = CreateSpecialDiscount | CreateSpecialOverCharge;

const termsOf = (g: Grant): SpecialTerms => ({
  kind: g.kind,
  basisPoints: g.kind === 'PERCENT' ? g.basis_points : null,
  amountCentavos: g.kind === 'PERCENT' ? null : g.amount_centavos,
});

/** The correction a grant makes on the locked order, priced on what it costs at that step. */
function editFor(
  direction: Direction,
  o: OrderForPayment,
  terms: SpecialTerms,
): { edit: OrderEdit; applied: number } {
  const afterScholarship = o.amountCentavos - o.scholarshipCentavos;
  if (direction === 'surcharge') {
    const added = surchargeOn(afterScholarship - o.discountCentavos, terms);
    return { edit: { kind: 'surcharge', surchargeCentavos: added }, applied: added };
  }
  const off = specialDiscountOn(afterScholarship, terms);
  if (off === null)
    throw badRequest(
      terms.kind === 'FIXED'
        ? `El precio fijo debe ser menor que lo que cuesta la orden (${pesos(afterScholarship)}).`
        : `El descuento no puede ser mayor que lo que cuesta la orden (${pesos(afterScholarship)}).`,
    );
  return { edit: { kind: 'discount', discountCentavos: off }, applied: off };
}

/**
 * A special discount or over-charge on one unpaid order of the school (ADR 0035): the order
 * is corrected through `correctOrder` (trail, billing.order.adjusted) with the newest grant
 * replacing the previous one, and the grant is kept with what it applied.
 */
export async function grantSpecialCharge(
  tx: Executor,
  schoolId: string,
  direction: Direction,
  grant: Grant,
  who: Omit<Correction, 'kind'>,
) {
  const terms = termsOf(grant);
  let applied = 0;
  const order = await editOrder(
    tx,
    schoolId,
    grant.order_id,
    (o) => {
      const { edit, applied: amount } = editFor(direction, o, terms);
      applied = amount;
      return [edit];
    },
    who,
  );
  return insertSpecialCharge(tx, {
    schoolId,
    orderId: order.id,
    studentId: order.studentId,
    direction,
    kind: grant.kind,
    basisPoints: terms.basisPoints,
    amountCentavos: terms.amountCentavos,
    appliedCentavos: applied,
    reason: grant.reason,
    createdBy: who.by,
    createdByName: who.byName ?? null,
  });
}
