import { and, eq } from 'drizzle-orm';
import type { UpdateMembership } from '@cuota/contracts/enrolment/memberships';
import { staffMembershipChangedV1 } from '@cuota/contracts/events/enrolment.staff.membership_changed.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { staffMemberships } from '../schema';
import { actorIn, changePermissions, changeRole } from '../staff/admin-commands';
import { checkOwnersLeft, checkStaffChange, type Actor } from '../staff/admin-rules';
import { storedGrant } from '../staff/membership-grant';
import { UNKNOWN_MEMBERSHIP } from './membership-directory';

const membershipOf = (schoolId: string, userId: string) =>
  and(eq(staffMemberships.schoolId, schoolId), eq(staffMemberships.userId, userId));

/** The caller's membership as stored now, which must also be in force (not suspended). */
async function activeActor(tx: Executor, schoolId: string, userId: string): Promise<Actor> {
  const actor = await actorIn(tx, schoolId, userId);
  const [row] = await tx
    .select({ active: staffMemberships.active })
    .from(staffMemberships)
    .where(membershipOf(schoolId, userId));
  if (!row?.active) throw forbidden('Ya no formas parte del personal de esta escuela.');
  return actor;
}

/** Owners in force, counted under lock (rule 3 with suspension counting as leaving). */
async function activeOwners(tx: Executor, schoolId: string): Promise<number> {
  const rows = await tx
    .select({ userId: staffMemberships.userId })
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.schoolId, schoolId),
        eq(staffMemberships.role, 'OWNER'),
        eq(staffMemberships.active, true),
      ),
    )
    .for('update');
  return rows.length;
}

/**
 * Suspends or reactivates a membership. Suspending is treated like removing it (rules 2, 3
 * and 4 of docs/permissions.md): nobody suspends themselves, only an owner suspends an owner or
 * a manager of staff, and the school keeps an owner in force.
 */
async function changeActive(
  tx: Executor,
  schoolId: string,
  userId: string,
  active: boolean,
  actor: Actor,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(staffMemberships)
    .where(membershipOf(schoolId, userId))
    .for('update');
  if (!row) throw notFound(UNKNOWN_MEMBERSHIP);
  const grant = storedGrant(row);
  checkStaffChange(actor, userId, grant, active ? grant : null);
  if (row.active === active) return;
  if (!active) checkOwnersLeft(await activeOwners(tx, schoolId), grant, null);
  await tx.update(staffMemberships).set({ active }).where(membershipOf(schoolId, userId));
  await enqueueEvent(tx, staffMembershipChangedV1, {
    school_id: schoolId,
    user_id: userId,
    change: active ? 'reactivated' : 'deactivated',
    role: grant.role,
    permissions: grant.permissions ? [...grant.permissions] : null,
    previous_role: grant.role,
    changed_by: actor.userId,
  });
}

/**
 * PATCH /backoffice/memberships/{id}/: role, explicit permissions and/or active, in one
 * transaction, through the same commands and rules as the admins endpoints.
 */
export async function updateMembership(
  tx: Executor,
  target: { schoolId: string; userId: string },
  input: UpdateMembership,
  callerId: string,
): Promise<void> {
  const { schoolId, userId } = target;
  const actor = await activeActor(tx, schoolId, callerId);
  if (input.role !== undefined) await changeRole(tx, schoolId, userId, { role: input.role }, actor);
  if (input.permissions !== undefined)
    await changePermissions(tx, schoolId, userId, { permissions: input.permissions }, actor);
  if (input.active !== undefined) await changeActive(tx, schoolId, userId, input.active, actor);
}
