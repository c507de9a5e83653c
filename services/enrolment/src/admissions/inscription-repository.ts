import { and, count, eq, inArray } from 'drizzle-orm';
import type { EnrolmentLabel } from '@cuota/contracts/enrolment/entities';
import { inscriptionCompletedV1 } from '@cuota/contracts/events/enrolment.inscription.completed.v1';
import { inscriptionConceptsAssignedV1 } from '@cuota/contracts/events/enrolment.inscription.concepts_assigned.v1';
import { inscriptionConceptsUnassignedV1 } from '@cuota/contracts/events/enrolment.inscription.concepts_unassigned.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { admissionConcepts } from '../schema';
import type { StudentRef } from '../students/student-repository';

/**
 * The only code that writes `admission_concepts` (billing's concept ids, opaque here) and
 * enqueues the inscription's events: a change of an admission's concepts is published with
 * exactly the ids that changed, in the caller's transaction.
 */

/** Attaches the concepts not yet attached; publishes and returns only those. */
export async function addConcepts(
  tx: Executor,
  student: StudentRef,
  conceptIds: string[],
  cycleId: string | null,
): Promise<string[]> {
  const added = await tx
    .insert(admissionConcepts)
    .values([...new Set(conceptIds)].map((conceptId) => ({ studentId: student.id, conceptId })))
    .onConflictDoNothing()
    .returning({ id: admissionConcepts.conceptId });
  const ids = added.map((a) => a.id);
  if (ids.length)
    await enqueueEvent(tx, inscriptionConceptsAssignedV1, {
      student_id: student.id,
      school_id: student.schoolId,
      cycle_id: cycleId,
      concept_ids: ids,
    });
  return ids;
}

/** Detaches these concepts (all of them without `conceptIds`); publishes those removed. */
export async function removeConcepts(
  tx: Executor,
  student: StudentRef,
  conceptIds: string[] | 'all',
  cycleId: string | null,
): Promise<string[]> {
  const removed = await tx
    .delete(admissionConcepts)
    .where(
      and(
        eq(admissionConcepts.studentId, student.id),
        conceptIds === 'all' ? undefined : inArray(admissionConcepts.conceptId, conceptIds),
      ),
    )
    .returning({ id: admissionConcepts.conceptId });
  const ids = removed.map((r) => r.id);
  if (ids.length)
    await enqueueEvent(tx, inscriptionConceptsUnassignedV1, {
      student_id: student.id,
      school_id: student.schoolId,
      cycle_id: cycleId,
      concept_ids: ids,
    });
  return ids;
}

/** An applicant became an active student through admissions: billing learns it. */
export async function recordInscription(
  tx: Executor,
  student: StudentRef,
  inscription: { cycleId: string | null; label: EnrolmentLabel; withoutPayment: boolean },
): Promise<void> {
  await enqueueEvent(tx, inscriptionCompletedV1, {
    student_id: student.id,
    school_id: student.schoolId,
    cycle_id: inscription.cycleId,
    label: inscription.label,
    without_payment: inscription.withoutPayment,
  });
}

export async function conceptIdsOf(db: Executor, studentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: admissionConcepts.conceptId })
    .from(admissionConcepts)
    .where(eq(admissionConcepts.studentId, studentId))
    .orderBy(admissionConcepts.assignedAt, admissionConcepts.conceptId);
  return rows.map((r) => r.id);
}

/** How many concepts each of these students has (the board's cards). */
export async function conceptCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ studentId: admissionConcepts.studentId, n: count() })
    .from(admissionConcepts)
    .where(inArray(admissionConcepts.studentId, ids))
    .groupBy(admissionConcepts.studentId);
  return new Map(rows.map((r) => [r.studentId, r.n]));
}
