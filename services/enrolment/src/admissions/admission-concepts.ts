import { and, eq, inArray } from 'drizzle-orm';
import { inscriptionConceptsAssignedV1 } from '@cuota/contracts/events/enrolment.inscription.concepts_assigned.v1';
import { inscriptionConceptsUnassignedV1 } from '@cuota/contracts/events/enrolment.inscription.concepts_unassigned.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { admissionConcepts } from '../schema';
import type { StudentRef } from './admission-access';
import { activeCycleId } from './active-cycle';

/**
 * Attaches concepts (billing's ids, opaque here) to an admission. Only the ones not yet
 * attached are stored and published, so a repeated click changes nothing downstream.
 */
export async function assignConcepts(
  tx: Executor,
  student: StudentRef,
  conceptIds: string[],
): Promise<string[]> {
  const added = await tx
    .insert(admissionConcepts)
    .values([...new Set(conceptIds)].map((conceptId) => ({ studentId: student.id, conceptId })))
    .onConflictDoNothing()
    .returning({ id: admissionConcepts.conceptId });
  if (added.length)
    await enqueueEvent(tx, inscriptionConceptsAssignedV1, {
      student_id: student.id,
      school_id: student.schoolId,
      cycle_id: await activeCycleId(tx, student.schoolId),
      concept_ids: added.map((a) => a.id),
    });
  return added.map((a) => a.id);
}

/** Detaches concepts; only the ones that were attached are published. */
export async function unassignConcepts(
  tx: Executor,
  student: StudentRef,
  conceptIds: string[],
): Promise<string[]> {
  const removed = await tx
    .delete(admissionConcepts)
    .where(
      and(
        eq(admissionConcepts.studentId, student.id),
        inArray(admissionConcepts.conceptId, conceptIds),
      ),
    )
    .returning({ id: admissionConcepts.conceptId });
  if (removed.length)
    await enqueueEvent(tx, inscriptionConceptsUnassignedV1, {
      student_id: student.id,
      school_id: student.schoolId,
      cycle_id: await activeCycleId(tx, student.schoolId),
      concept_ids: removed.map((r) => r.id),
    });
  return removed.map((r) => r.id);
}

export async function conceptIdsOf(tx: Executor, studentId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: admissionConcepts.conceptId })
    .from(admissionConcepts)
    .where(eq(admissionConcepts.studentId, studentId))
    .orderBy(admissionConcepts.assignedAt, admissionConcepts.conceptId);
  return rows.map((r) => r.id);
}
