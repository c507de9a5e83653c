import type { Concept, CreateConceptInput } from '@cuota/contracts/billing/concepts';
import type { Executor } from '@cuota/messaging/transaction';
import { insertConcept } from './concept-repository';

/** A monthly fee keeps its months in calendar order; a one-time charge its due date. */
export function createConcept(tx: Executor, input: CreateConceptInput): Promise<Concept> {
  const common = {
    schoolId: input.school_id,
    name: input.name,
    conceptType: input.concept_type,
    recurrence: input.recurrence,
    priceCentavos: input.price_centavos,
    level: input.level ?? null,
    lateFee: input.late_fee ?? null,
    earlyPayment: input.early_payment ?? null,
    cycleId: input.cycle_id ?? null,
    visibility: input.visibility ?? 'PUBLIC',
  };
  return insertConcept(
    tx,
    input.recurrence === 'MONTHLY'
      ? { ...common, periods: [...input.periods].sort(), dueDay: input.due_day }
      : { ...common, dueOn: input.due_on },
  );
}
