import { desc, eq, sql } from 'drizzle-orm';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { StudentStatusChange } from '@cuota/contracts/enrolment/student-status';
import type { EnrolmentDb } from '../../enrolment-db';
import { staffUsers, studentStatusChanges } from '../../schema';

/**
 * A student's status history, newest first, with the staff member's name when a staff
 * member made the move (null for a family's own sign-up, an import or the system). Rows of
 * one transaction share no instant: changeStudentStatus stamps clock_timestamp(); the
 * registration row (no from_status) goes last on a tie.
 */
export async function studentStatusHistory(
  db: EnrolmentDb,
  studentId: string,
): Promise<StudentStatusChange[]> {
  const rows = await db
    .select({
      id: studentStatusChanges.id,
      from: studentStatusChanges.fromStatus,
      to: studentStatusChanges.toStatus,
      reason: studentStatusChanges.reason,
      changedAt: studentStatusChanges.changedAt,
      changedBy: studentStatusChanges.changedBy,
      name: staffUsers.name,
    })
    .from(studentStatusChanges)
    .leftJoin(staffUsers, eq(staffUsers.id, studentStatusChanges.changedBy))
    .where(eq(studentStatusChanges.studentId, studentId))
    .orderBy(
      desc(studentStatusChanges.changedAt),
      sql`${studentStatusChanges.fromStatus} IS NULL`,
      desc(studentStatusChanges.id),
    );
  return rows.map((r) => ({
    id: r.id,
    from_status: (r.from as StudentStatus | null) ?? null,
    to_status: r.to as StudentStatus,
    reason: r.reason,
    changed_at: r.changedAt.toISOString(),
    changed_by: r.changedBy,
    changed_by_name: r.name ?? null,
  }));
}
