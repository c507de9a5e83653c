import { eq } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { levels, students } from '../schema';

/** The student as other domains keep it (billing's student_directory). */
export async function studentSnapshot(tx: Executor, studentId: string): Promise<StudentSnapshot> {
  const [row] = await tx
    .select({ student: students, level: levels.level })
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .where(eq(students.id, studentId));
  if (!row) throw new Error(`student ${studentId} vanished inside its own transaction`);
  const { student } = row;
  return {
    student_id: student.id,
    school_id: student.schoolId,
    first_name: student.firstName,
    last_name: student.lastName,
    level: row.level as EducationLevel,
    section_id: student.sectionId,
    status: student.status as StudentStatus,
    billing_guardian_id: student.billingGuardianId,
  };
}

/** enrolment.student.updated with the current state (edits, billing guardian, re-publish). */
export async function publishStudentUpdated(tx: Executor, studentId: string): Promise<void> {
  await enqueueEvent(tx, studentUpdatedV1, await studentSnapshot(tx, studentId));
}
