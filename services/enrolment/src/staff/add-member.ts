import { randomBytes } from 'node:crypto';
import type { MembershipGrant } from '@cuota/contracts/access/permissions';
import type { CreateAdmin, CreatedAdmin } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import type { Once } from '@cuota/service-runtime/http/endpoint-handlers';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { insertMembership } from '../memberships/membership-repository';
import { checkStaffChange, type Actor } from './admin-rules';
import { mailInvitation, type SendInvitation } from './invitation-mail';
import { issueInvitation } from './invitations';
import { hashPassword } from './password';
import { adminOf } from './school-staff-repository';
import { actorIn } from './staff-actor';
import { insertStaffUser, staffUserByEmail } from './staff-user-repository';

/**
 * The one way a member is added (POST …/schools/{id}/admins/ and POST /api/v1/users/): the
 * member commits (once per Idempotency-Key), then a new user's invitation is e-mailed (a
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
      const made = await createMember(tx, schoolId, input, await actorIn(tx, schoolId, actorId));
      return { admin: (await adminOf(tx, schoolId, made.userId))!, invitation: made.invitation };
    },
    (answer): CreatedAdmin => ({ ...answer, invitation: null }),
  );
  if (created.invitation)
    await mailInvitation(db, sendInvitation, schoolId, created.admin, created.invitation);
  return created;
}

/**
 * The transaction's part: an existing staff user (same e-mail, any school) gets a membership;
 * a new one is created with an unusable password and a one-time invitation to set their own.
 */
async function createMember(tx: Executor, schoolId: string, input: CreateAdmin, actor: Actor) {
  const after: MembershipGrant = { role: input.role, permissions: input.permissions };
  const existing = await staffUserByEmail(tx, input.email);
  checkStaffChange(actor, existing?.id ?? null, null, after);
  let userId = existing?.id;
  let invitation = null;
  if (!userId) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    userId = (await insertStaffUser(tx, { name: input.name, email: input.email, passwordHash })).id;
    invitation = await issueInvitation(tx, userId, actor.userId);
  }
  const added = await insertMembership(
    tx,
    { userId, schoolId, role: input.role, permissions: input.permissions },
    actor.userId,
  );
  if (!added) throw conflict('Esta persona ya forma parte del personal de la escuela.');
  return { userId, invitation };
}
