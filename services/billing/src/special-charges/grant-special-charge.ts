import type {
  CreateSpecialDiscount,
  CreateSpecialOverCharge,
  SpecialCharge,
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

/** What a grant is worth, as a single grant's or a massive discount's body says it. */
export type SpecialValue =
  { kind: 'PERCENT'; basis_points: number } | { kind: 'AMOUNT' | 'FIXED'; amount_centavos: number };

/** A grant's value, without the order it goes on (a massive discount's body too). */
export const specialTermsOf = (g: SpecialValue): SpecialTerms => ({
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

/** The order already has this very charge: a job's chunk done again changes nothing. */
const alreadyHas = (o: OrderForPayment, edit: OrderEdit) =>
  edit.kind === 'discount'
    ? o.discountCentavos === edit.discountCentavos
    : edit.kind === 'surcharge' && o.surchargeCentavos === edit.surchargeCentavos;

/**
 * A special discount or over-charge on one unpaid order of the school (ADR 0035): the order
 * is corrected through `correctOrder` (trail, billing.order.adjusted) with the newest grant
 * replacing the previous one, and the grant is kept with what it applied. `once`: nothing at
 * all (null) when the order already has what the grant would apply (a massive job, ADR 0088).
 */
export async function applySpecialCharge(
  tx: Executor,
  schoolId: string,
  direction: Direction,
  order: { id: string; terms: SpecialTerms },
  who: Omit<Correction, 'kind'>,
  { once = false } = {},
): Promise<SpecialCharge | null> {
  let applied = 0;
  let unchanged = false;
  const after = await editOrder(
    tx,
    schoolId,
    order.id,
    (o) => {
      const { edit, applied: amount } = editFor(direction, o, order.terms);
      applied = amount;
      unchanged = once && alreadyHas(o, edit);
      return unchanged ? [] : [edit];
    },
    who,
  );
  if (unchanged) return null;
  return insertSpecialCharge(tx, {
    schoolId,
    orderId: after.id,
    studentId: after.studentId,
    direction,
    kind: order.terms.kind,
    basisPoints: order.terms.basisPoints,
    amountCentavos: order.terms.amountCentavos,
    appliedCentavos: applied,
    reason: who.reason,
    createdBy: who.by,
    createdByName: who.byName ?? null,
  });
}

/** The endpoints' grant on the order it names. */
export async function grantSpecialCharge(
  tx: Executor,
  schoolId: string,
  direction: Direction,
  grant: Grant,
  who: Omit<Correction, 'kind'>,
): Promise<SpecialCharge> {
  const order = { id: grant.order_id, terms: specialTermsOf(grant) };
  return (await applySpecialCharge(tx, schoolId, direction, order, who))!;
}
