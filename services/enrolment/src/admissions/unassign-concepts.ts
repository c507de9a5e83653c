import type { Executor } from '@cuota/messaging/transaction';
import { activeCycleId } from '../cycles/cycle-repository';
import type { StudentRef } from '../students/student-repository';
import { removeConcepts } from './inscription-repository';

/** Detaches concepts; only the ones that were attached are published. */
export async function unassignConcepts(
  tx: Executor,
  student: StudentRef,
  conceptIds: string[] | 'all',
): Promise<string[]> {
  return removeConcepts(tx, student, conceptIds, await activeCycleId(tx, student.schoolId));
}
