import type { Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Executor } from '@cuota/messaging/transaction';
import { studentDirectorySubscriptions } from '@cuota/student-directory/student-directory-consumer';
import {
  studentById,
  type StudentRow,
} from '@cuota/student-directory/student-directory-repository';
import { logFacetChanges } from '../due-orders/due-facet-repository';
import { markNameOrderChanged } from '../due-orders/name-order-repository';
import { autoAssignToStudent } from '../concepts/auto-assign';
import { wantNameOf } from '../guardians/guardian-name-repository';

type Place = Pick<StudentRow, 'schoolId' | 'lastName' | 'firstName'> | undefined;
type Group = Pick<StudentRow, 'schoolId' | 'level' | 'sectionId'> | undefined;

const samePlace = (a: Place, b: Place) =>
  a?.schoolId === b?.schoolId && a?.lastName === b?.lastName && a?.firstName === b?.firstName;
const sameGroup = (a: Group, b: Group) =>
  a?.schoolId === b?.schoolId && a?.level === b?.level && a?.sectionId === b?.sectionId;

type Membership = Pick<StudentRow, 'schoolId' | 'level' | 'status'> | undefined;

/** Active in a school and level they were not active in before: auto-assigned concepts apply. */
const joinedLevel = (before: Membership, after: Membership) =>
  after?.status === 'active' &&
  (before?.status !== 'active' ||
    before.schoolId !== after.schoolId ||
    before.level !== after.level);

/**
 * Enrolment's students into billing's copy. A rename, a move or a removal of a student
 * already in billing's copy may move them in Adeudos' list by name, so that list is numbered
 * again (a new student has no balance yet: a bill run adds them); a move to another level,
 * section or school, or a removal, changes Adeudos' filter counts, so the student is logged.
 * A student who becomes active in a level gets its auto-assigned concepts from next month.
 * A student billed to a guardian billing has no name for wakes the names sweep (ADR 0104).
 */
export function directorySubscriptions(today: () => string): Subscription[] {
  return studentDirectorySubscriptions().map(({ event, handle }) => ({
    event,
    handle: async (e, tx: Executor) => {
      const { student_id } = e.data as { student_id: string };
      const before = await studentById(tx, student_id);
      await handle(e, tx);
      const after = await studentById(tx, student_id);
      // A student joining a level later in the cycle: its auto-assigned concepts (ADR 0035).
      if (after && joinedLevel(before, after)) await autoAssignToStudent(tx, after, today());
      const guardianId = after?.billingGuardianId;
      if (guardianId && guardianId !== before?.billingGuardianId) await wantNameOf(tx, guardianId);
      if (!before) return;
      if (!sameGroup(before, after)) {
        await logFacetChanges(tx, before.schoolId, [student_id]);
        if (after && after.schoolId !== before.schoolId)
          await logFacetChanges(tx, after.schoolId, [student_id]);
      }
      if (samePlace(before, after)) return;
      await markNameOrderChanged(tx, before.schoolId);
      if (after && after.schoolId !== before.schoolId)
        await markNameOrderChanged(tx, after.schoolId);
    },
  }));
}
