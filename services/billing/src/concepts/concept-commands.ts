import type { Concept, CreateConcept, UpdateConcept } from '@cuota/contracts/billing/concepts';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import {
  conceptById,
  deleteConceptRow,
  insertConcept,
  saveConcept,
  type ConceptRow,
} from './concept-repository';

/** A monthly fee keeps its months in calendar order; a one-time charge its due date. */
export function createConcept(tx: Executor, input: CreateConcept): Promise<Concept> {
  const common = {
    schoolId: input.school_id,
    name: input.name,
    conceptType: input.concept_type,
    recurrence: input.recurrence,
    priceCentavos: input.price_centavos,
    level: input.level,
    lateFee: input.late_fee,
  };
  return insertConcept(
    tx,
    input.recurrence === 'MONTHLY'
      ? { ...common, periods: [...input.periods].sort(), dueDay: input.due_day }
      : { ...common, dueOn: input.due_on },
  );
}

/** Orders already billed keep their amount and terms; only later bill runs see the change. */
export function updateConcept(tx: Executor, row: ConceptRow, input: UpdateConcept) {
  return saveConcept(tx, row.id, {
    name: input.name,
    priceCentavos: input.price_centavos,
    lateFee: input.late_fee,
    active: input.active,
  });
}

export async function deleteConcept(tx: Executor, id: string): Promise<void> {
  const { orders } = await conceptById(tx, id, { lock: true });
  if (orders > 0)
    throw conflict(
      `El concepto ya tiene ${orders} ${orders === 1 ? 'orden' : 'órdenes'}: desactívalo en lugar de eliminarlo.`,
    );
  await deleteConceptRow(tx, id);
}
