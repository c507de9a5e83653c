import type { MassiveSpecialDiscount } from '@cuota/contracts/billing/bulk-jobs';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, HttpError } from '@cuota/service-runtime/http/http-error';
import { termsOf } from '../bill-runs/run-bill';
import type { BulkJobError, BulkJobRow } from '../bulk-jobs/bulk-job-repository';
import { chunkStudents, NO_ORDER } from '../bulk-jobs/chunk-student-repository';
import type { ConceptRow } from '../concepts/concept-repository';
import { ordersOfConceptPeriod } from '../orders/order-adjustment-repository';
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
    throw badRequest(
      body.kind === 'FIXED'
        ? `El precio fijo debe ser menor que el precio del concepto (${pesos(price)}).`
        : `El descuento no puede ser mayor que el precio del concepto (${pesos(price)}).`,
    );
}

/**
 * One chunk of a massive discount (ADR 0088): each student's order of the concept and period
 * gets the discount as the single endpoint would give it (trail, event, special_charges row).
 * An order that cannot take it (payments, cancelled, cheaper than the discount) is that
 * student's error; an order that already has it is left as it is, so a chunk done again
 * writes nothing twice.
 */
export async function discountChunk(
  tx: Executor,
  job: BulkJobRow,
  ids: string[],
): Promise<BulkJobError[]> {
  const params = job.params as DiscountParams;
  const students = await chunkStudents(tx, job.schoolId, ids);
  const orders = await ordersOfConceptPeriod(tx, {
    schoolId: job.schoolId,
    conceptId: params.concept_id,
    period: params.period ?? null,
    studentIds: ids,
  });
  const orderOf = new Map(orders.map((o) => [o.studentId, o]));
  const terms = specialTermsOf(params);
  const who = { reason: params.reason, by: job.createdBy, byName: null };
  const errors: BulkJobError[] = [];
  for (const id of ids) {
    const order = orderOf.get(id);
    if (!order) {
      errors.push(students.error(id, NO_ORDER));
      continue;
    }
    try {
      await applySpecialCharge(tx, job.schoolId, 'discount', { id: order.id, terms }, who, {
        once: true,
      });
    } catch (e) {
      // Refused on the locked order before anything of it was written (ADR 0035).
      if (!(e instanceof HttpError) || e.status >= 500) throw e;
      errors.push(students.error(id, e.message));
    }
  }
  return errors;
}
