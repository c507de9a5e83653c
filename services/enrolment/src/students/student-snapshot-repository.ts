import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { enqueueEvent, enqueueEvents } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { levels, studentGuardians, students } from '../schema';

/**
 * The student as other domains keep it (enrolment.student.*), and its re-publishing. Apart
 * from student-repository.ts so that the writers of `student_guardians` can publish the
 * student they link or unlink without importing the students' writes.
 */

/** The student's guardians, sorted (the snapshot's `guardian_ids`; public v1 reads it too). */
export const guardianIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(${studentGuardians.guardianId}::text ORDER BY ${studentGuardians.guardianId})
  FROM ${studentGuardians} WHERE ${studentGuardians.studentId} = ${students.id}), '{}'::text[])`;

async function snapshots(tx: Executor, where: SQL, limit?: number): Promise<StudentSnapshot[]> {
  const query = tx
    .select({
      student_id: students.id,
      school_id: students.schoolId,
      first_name: students.firstName,
      last_name: students.lastName,
      level: levels.level,
      section_id: students.sectionId,
      status: students.status,
      billing_guardian_id: students.billingGuardianId,
      curp: students.curp,
      enrolment_code: students.enrolmentCode,
      guardian_ids: guardianIdsOf,
    })
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .where(where)
    .orderBy(asc(students.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({
    ...r,
    level: r.level as EducationLevel,
    status: r.status as StudentStatus,
  }));
}

export async function studentSnapshot(tx: Executor, studentId: string): Promise<StudentSnapshot> {
  const [snapshot] = await snapshots(tx, eq(students.id, studentId));
  if (!snapshot) throw new Error(`student ${studentId} vanished inside its own transaction`);
  return snapshot;
}

/**
 * enrolment.student.updated with the current state. Re-publishing never rolls anything
 * back: consumers keep the newest snapshot.
 */
export async function publishStudentUpdated(tx: Executor, studentId: string): Promise<void> {
  await enqueueEvent(tx, studentUpdatedV1, await studentSnapshot(tx, studentId));
}

/**
 * Re-publishes one batch of a school's students after `afterId` (keyset by id) as
 * enrolment.student.updated, in one INSERT; returns the ids published, in order.
 */
export async function republishStudentsOfSchool(
  tx: Executor,
  schoolId: string,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const inSchool = eq(students.schoolId, schoolId);
  const batch = await snapshots(
    tx,
    afterId ? and(inSchool, gt(students.id, afterId))! : inSchool,
    limit,
  );
  await enqueueEvents(tx, studentUpdatedV1, batch);
  return batch.map((s) => s.student_id);
}
