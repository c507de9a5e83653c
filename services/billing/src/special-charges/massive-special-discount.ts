import type { MassiveSpecialDiscount } from '@cuota/contracts/billing/bulk-jobs';
import { invalidField, HttpError } from '@cuota/service-runtime/http/http-error';
import { termsOf } from '../bill-runs/run-bill';
import type { OrderAction } from '../bulk-jobs/order-chunk';
import type { ConceptRow } from '../concepts/concept-repository';
import { pesos, specialDiscountOn } from '../orders/order-adjustment-rules';
import { applySpecialCharge, specialTermsOf, type SpecialValue } from './grant-special-charge';

/** The job keeps the body without its students: the discount each of them gets. */
type DiscountParams = SpecialValue &
  Pick<MassiveSpecialDiscount, 'concept_id' | 'period' | 'reason'>;

/**
 * What makes the whole massive discount impossible, as a 400 before anything is written: a
 * month the concept does not bill, or an amount the concept's price cannot take (each order is
 * checked again on its own, after its scholarship).
 */
export function checkMassiveDiscount(concept: ConceptRow, body: DiscountParams) {
  // A deactivated concept bills nobody more, but its orders can still be discounted.
  termsOf({ ...concept, active: true }, body.period);
  const price = concept.priceCentavos;
  if (specialDiscountOn(price, specialTermsOf(body)) === null)
    throw invalidField(
      body.kind === 'PERCENT' ? 'basis_points' : 'amount_centavos',
      body.kind === 'FIXED'
        ? `El precio fijo debe ser menor que el precio del concepto (${pesos(price)}).`
        : `El descuento no puede ser mayor que el precio del concepto (${pesos(price)}).`,
    );
}

/**
 * A massive discount's action on one student's order (ADR 0088), for the per-order chunk loop:
 * the discount as the single endpoint would give it (trail, event, special_charges row). An
 * order that cannot take it (payments, cancelled, cheaper than the discount) answers its
 * reason; one that already has it is left as it is, so a chunk done again writes nothing twice.
 */
export const discountOrder: OrderAction = async (tx, job, order) => {
  const params = job.params as DiscountParams;
  const who = { reason: params.reason, by: job.createdBy, byName: job.createdByName };
  try {
    await applySpecialCharge(
      tx,
      job.schoolId,
      'discount',
      { id: order.id, terms: specialTermsOf(params) },
      who,
      { once: true },
    );
    return null;
  } catch (e) {
    // Refused on the locked order before anything of it was written (ADR 0035).
    if (!(e instanceof HttpError) || e.status >= 500) throw e;
    return e.message;
  }
};
