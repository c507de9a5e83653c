import type { Executor } from '@cuota/messaging/transaction';
import { schoolRow } from '../schools/school-repository';
import { activationBlockersOf } from './activation-check';
import { activateCycleRow, activeCycleOf, cycleOfSchool, type CycleRow } from './cycle-repository';
import { activationRefusal } from './cycle-rules';

export interface Activation {
  cycle: CycleRow;
  closed: CycleRow | null;
}

/**
 * Makes the cycle the school's only active one; the previous active cycle is closed in the
 * same transaction. The school row is locked, so the blockers are checked against what
 * will be committed.
 */
export async function activateCycle(
  tx: Executor,
  schoolId: string,
  cycleId: string,
  today: string,
): Promise<Activation> {
  const school = await schoolRow(tx, schoolId, { lock: true });
  const cycle = await cycleOfSchool(tx, schoolId, cycleId);
  const refusal = activationRefusal(
    cycle.name,
    await activationBlockersOf(tx, cycle, school.status, today),
  );
  if (refusal) throw refusal;
  return activateCycleRow(tx, cycle, await activeCycleOf(tx, schoolId));
}
