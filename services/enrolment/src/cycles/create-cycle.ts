import type { CreateCycle } from '@cuota/contracts/enrolment/cycles';
import type { Executor } from '@cuota/messaging/transaction';
import { schoolRow } from '../schools/school-repository';
import { cycleNamed, insertCycle, overlappingCycle, type CycleRow } from './cycle-repository';
import { nameTakenRefusal, overlapRefusal } from './cycle-rules';

/**
 * A new cycle starts as a draft. Its name is unique in the school and its dates may not
 * overlap another cycle's. The school row is locked so two concurrent creations cannot both
 * pass the overlap check.
 */
export async function createCycle(
  tx: Executor,
  schoolId: string,
  input: CreateCycle,
): Promise<CycleRow> {
  await schoolRow(tx, schoolId, { lock: true });
  const overlapping = await overlappingCycle(tx, schoolId, input.starts_on, input.ends_on);
  if (overlapping) throw overlapRefusal(overlapping);
  if (await cycleNamed(tx, schoolId, input.name)) throw nameTakenRefusal(input.name);
  return insertCycle(tx, {
    schoolId,
    name: input.name,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
  });
}
