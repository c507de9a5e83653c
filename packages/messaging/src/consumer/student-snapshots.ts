import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { arrayContains, eq, or, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../transaction';
import { on, type Subscription } from './durable-consumer';

/** Applies one student snapshot to a service's own copy; newer than `occurredAt` wins. */
export type ApplyStudentSnapshot = (
  tx: Executor,
  student: StudentSnapshot,
  occurredAt: Date,
) => Promise<void>;

/**
 * Enrolment's student.created, updated and status_changed all carry the whole snapshot: a
 * service that keeps a copy of its students applies each the same way, at the event's time.
 */
export function studentSnapshotSubscriptions(apply: ApplyStudentSnapshot): Subscription[] {
  return [studentCreatedV1, studentUpdatedV1, studentStatusChangedV1].map((definition) =>
    on(definition, (event, tx) => apply(tx, event.data, new Date(event.occurred_at))),
  );
}

/**
 * The columns every service's copy of a student has, from a snapshot (the service adds its
 * own). An older snapshot without the guardians leaves out `guardianIds`, so the copy keeps
 * the ones it has.
 */
export function studentSnapshotColumns(student: StudentSnapshot, occurredAt: Date) {
  return {
    studentId: student.student_id,
    schoolId: student.school_id,
    firstName: student.first_name,
    lastName: student.last_name,
    billingGuardianId: student.billing_guardian_id,
    ...(student.guardian_ids ? { guardianIds: [...new Set(student.guardian_ids)] } : {}),
    updatedAt: occurredAt,
  };
}

/** What a service's copy of a student knows of its guardians. */
export interface StudentCopyGuardians {
  billingGuardianId: string | null;
  guardianIds: readonly string[] | null;
}

/**
 * Whether the guardian is one of the student's: its billing guardian or any guardian linked
 * to it (both parents see the family's money, docs/adr/0023).
 */
export const isGuardianOfStudent = (guardianId: string, student: StudentCopyGuardians) =>
  student.billingGuardianId === guardianId || (student.guardianIds ?? []).includes(guardianId);

/** The same rule over a copy's columns, for a WHERE (the guardian_ids GIN index serves it). */
export const guardianOfStudentSql = (
  columns: { billingGuardianId: Column; guardianIds: Column },
  guardianId: string,
): SQL =>
  or(eq(columns.billingGuardianId, guardianId), arrayContains(columns.guardianIds, [guardianId]))!;
