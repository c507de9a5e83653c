import type { Express } from 'express';
import { grants } from '@cuota/contracts/enrolment/permissions';
import {
  createStaffUserSchema,
  patchStaffUserSchema,
  redeemInvitationSchema,
  replaceStaffUserSchema,
  resendInvitationSchema,
} from '@cuota/contracts/enrolment/staff-users';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission, requireServiceCaller } from '../access';
import type * as schema from '../schema';
import { actorIn } from './admin-commands';
import { adminOf } from './admin-directory';
import { addMember, schoolNameOf } from './admin-routes';
import type { SendInvitation } from './invitation-mail';
import { staffIdentity, staffUserProfile } from './staff-directory';
import {
  redeemInvitation,
  reissueInvitation,
  sharedSchoolIds,
  updateOwnProfile,
} from './staff-user-commands';

const UNKNOWN_USER = 'No encontramos a este usuario.';
const ONLY_YOURSELF = 'Solo puedes editar tu propio perfil.';

/**
 * /api/v1/users/: staff users as people (spec "users"): adding one to a school, reading a
 * profile, a user editing themself, re-sending an invitation (ADR 0013), and redeeming one.
 */
export function usersRoutes(
  app: Express,
  ctx: ServiceContext<typeof schema>,
  sendInvitation: SendInvitation,
): void {
  const { db } = ctx;

  /** The same command as POST …/schools/{id}/admins/, with the school in the body. */
  app.post('/api/v1/users/', async (req, res) => {
    const { school_id, ...input } = parseInput(createStaffUserSchema, req.body);
    const staff = requirePermission(res, school_id, 'staff.write');
    res.status(201).json(await addMember(ctx, sendInvitation, school_id, staff.user_id, input));
  });

  /** Sends a pending invitation again with a fresh token; the previous one stops working. */
  app.post('/api/v1/users/email/', async (req, res) => {
    const { school_id, email } = parseInput(resendInvitationSchema, req.body);
    const staff = requirePermission(res, school_id, 'staff.write');
    const issued = await db.transaction(async (tx) =>
      reissueInvitation(tx, school_id, email, await actorIn(tx, school_id, staff.user_id)),
    );
    const admin = (await adminOf(db, school_id, issued.userId))!;
    await sendInvitation({
      to: admin.email,
      name: admin.name,
      schoolName: await schoolNameOf(ctx, school_id),
      role: admin.role,
      token: issued.token,
      expiresAt: issued.expires_at,
    });
    res.json({ admin, invitation: { token: issued.token, expires_at: issued.expires_at } });
  });

  /**
   * Oneself with every membership; someone else only with the memberships in schools where
   * the caller may read the staff, and only if there is one (else 404, as for nobody).
   */
  app.get('/api/v1/users/:id/', async (req, res) => {
    const staff = requireKind(res, 'staff');
    const userId = parseUserId(req.params.id);
    if (userId === staff.user_id) {
      const me = await staffUserProfile(db, userId, 'all');
      if (!me) throw notFound('Tu usuario ya no existe.');
      return void res.json(me);
    }
    const readable = staff.memberships
      .filter((m) => grants(m, 'staff.read'))
      .map((m) => m.school_id);
    const shared = await sharedSchoolIds(db, userId, readable);
    const profile = await staffUserProfile(db, userId, shared);
    if (!profile) throw notFound(UNKNOWN_USER);
    res.json(profile);
  });

  app.put('/api/v1/users/:id/', async (req, res) => {
    const userId = ownId(req.params.id, res);
    const input = parseInput(replaceStaffUserSchema, req.body);
    await db.transaction((tx) => updateOwnProfile(tx, userId, input));
    res.json(await staffUserProfile(db, userId, 'all'));
  });

  app.patch('/api/v1/users/:id/', async (req, res) => {
    const userId = ownId(req.params.id, res);
    const input = parseInput(patchStaffUserSchema, req.body);
    await db.transaction((tx) => updateOwnProfile(tx, userId, input));
    res.json(await staffUserProfile(db, userId, 'all'));
  });

  /** BFF → enrolment: the invitation page's name and password (POST /api/auth/invitation). */
  app.post('/internal/staff/invitations/redeem', async (req, res) => {
    requireServiceCaller(res);
    const input = parseInput(redeemInvitationSchema, req.body);
    const userId = await db.transaction((tx) => redeemInvitation(tx, input));
    res.json(await staffIdentity(db, userId));
  });
}

function parseUserId(value: string | undefined): string {
  try {
    return parseId(value);
  } catch {
    throw notFound(UNKNOWN_USER);
  }
}

/** PUT and PATCH are the user's own: anyone else's id is refused whether it exists or not. */
function ownId(value: string | undefined, res: Parameters<typeof requireKind>[0]): string {
  const staff = requireKind(res, 'staff');
  if (value !== staff.user_id) throw forbidden(ONLY_YOURSELF);
  return staff.user_id;
}
