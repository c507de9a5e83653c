import type { CreateAdmin, SchoolAdmin } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import { schoolRow } from '../schools/school-repository';
import { actorIn, createAdmin } from './admin-commands';
import type { SendInvitation } from './invitation-mail';
import { adminOf } from './school-staff-repository';

/**
 * The one way a member is added (POST …/schools/{id}/admins/ and POST /api/v1/users/): the
 * command commits, then a new user's invitation is e-mailed (a failed mail is only logged).
 */
export async function addMember(
  db: Executor,
  sendInvitation: SendInvitation,
  schoolId: string,
  actorId: string,
  input: CreateAdmin,
) {
  const created = await db.transaction(async (tx) =>
    createAdmin(tx, schoolId, input, await actorIn(tx, schoolId, actorId)),
  );
  const admin = (await adminOf(db, schoolId, created.userId))!;
  if (created.invitation)
    await mailInvitation(db, sendInvitation, schoolId, admin, created.invitation);
  return { admin, invitation: created.invitation };
}

/** E-mails a member their invitation (after its transaction committed). */
export async function mailInvitation(
  db: Executor,
  sendInvitation: SendInvitation,
  schoolId: string,
  admin: SchoolAdmin,
  invitation: { token: string; expires_at: string },
): Promise<void> {
  await sendInvitation({
    to: admin.email,
    name: admin.name,
    schoolName: (await schoolRow(db, schoolId)).name,
    role: admin.role,
    token: invitation.token,
    expiresAt: invitation.expires_at,
  });
}
