import type { Executor } from '@cuota/messaging/transaction';
import { activeCycleId } from '../cycles/cycle-repository';
import type { StudentRef } from '../students/student-repository';
import { addConcepts } from './inscription-repository';

/**
 * Attaches concepts to an admission, for the school's active cycle. Only the ones not yet
 * attached are stored and published, so a repeated click changes nothing downstream.
 */
export async function assignConcepts(
  tx: Executor,
  student: StudentRef,
  conceptIds: string[],
): Promise<string[]> {
  return addConcepts(tx, student, conceptIds, await activeCycleId(tx, student.schoolId));
}
