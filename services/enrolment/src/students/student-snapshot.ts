import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { levels, students } from '../schema';

/** The students matching `where`, as other domains keep them, in id order. */
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

/** The student as other domains keep it (billing's student_directory). */
export async function studentSnapshot(tx: Executor, studentId: string): Promise<StudentSnapshot> {
  const [snapshot] = await snapshots(tx, eq(students.id, studentId));
  if (!snapshot) throw new Error(`student ${studentId} vanished inside its own transaction`);
  return snapshot;
}

/** One batch of a school's students after `afterId` (keyset by id), for bulk re-publishing. */
export function studentSnapshotsOfSchool(
  tx: Executor,
  schoolId: string,
  afterId: string | null,
  limit: number,
): Promise<StudentSnapshot[]> {
  const inSchool = eq(students.schoolId, schoolId);
  return snapshots(tx, afterId ? and(inSchool, gt(students.id, afterId))! : inSchool, limit);
}

/** enrolment.student.updated with the current state (edits, billing guardian, re-publish). */
export async function publishStudentUpdated(tx: Executor, studentId: string): Promise<void> {
  await enqueueEvent(tx, studentUpdatedV1, await studentSnapshot(tx, studentId));
}
