import type { UpdateConcept } from '@cuota/contracts/billing/concepts';
import type { Executor } from '@cuota/messaging/transaction';
import { saveConcept, type ConceptRow } from './concept-repository';

/** Orders already billed keep their amount and terms; only later bill runs see the change. */
export function updateConcept(tx: Executor, row: ConceptRow, input: UpdateConcept) {
  return saveConcept(tx, row.id, {
    name: input.name,
    priceCentavos: input.price_centavos,
    lateFee: input.late_fee,
    earlyPayment: input.early_payment,
    active: input.active,
    visibility: input.visibility,
    cycleId: input.cycle_id,
  });
}
