import type { CreateAdmin, CreatedAdmin, SchoolAdmin } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import type { Once } from '@cuota/service-runtime/http/endpoint-handlers';
import { schoolRow } from '../schools/school-repository';
import { actorIn, createAdmin } from './admin-commands';
import type { SendInvitation } from './invitation-mail';
import { adminOf } from './school-staff-repository';

/**
 * The one way a member is added (POST …/schools/{id}/admins/ and POST /api/v1/users/): the
 * command commits (once per Idempotency-Key), then a new user's invitation is e-mailed (a
 * failed mail is only logged). A replay answers without the one-time token: it is answered
 * once (ADR 0013), never stored, and the e-mail already carries it.
 */
export async function addMember(
  db: Executor,
  once: Once,
  sendInvitation: SendInvitation,
  schoolId: string,
  actorId: string,
  input: CreateAdmin,
): Promise<CreatedAdmin> {
  const created = await once(
    async (tx) => {
      const made = await createAdmin(tx, schoolId, input, await actorIn(tx, schoolId, actorId));
      return { admin: (await adminOf(tx, schoolId, made.userId))!, invitation: made.invitation };
    },
    (answer): CreatedAdmin => ({ ...answer, invitation: null }),
  );
  if (created.invitation)
    await mailInvitation(db, sendInvitation, schoolId, created.admin, created.invitation);
  return created;
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
