import type { Express } from 'express';
import { eq } from 'drizzle-orm';
import {
  type CreateAdmin,
  createAdminSchema,
  staffListQuerySchema,
  updateAdminPermissionsSchema,
  updateAdminSchema,
} from '@cuota/contracts/enrolment/staff';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission, requireSchoolMember } from '../access';
import type * as schema from '../schema';
import { schools } from '../schema';
import {
  UNKNOWN_ADMIN,
  actorIn,
  changePermissions,
  changeRole,
  createAdmin,
  removeAdmin,
} from './admin-commands';
import { adminOf, listAdmins } from './admin-directory';
import type { SendInvitation } from './invitation-mail';

type Ctx = ServiceContext<typeof schema>;

const ADMINS = '/api/v1/dashboard/schools/:id/admins/';

/** A school's staff (spec §6 "admins"): staff.read to list, staff.write to change. */
export function adminRoutes(app: Express, ctx: Ctx, sendInvitation: SendInvitation): void {
  const { db } = ctx;

  app.get(ADMINS, async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'staff.read');
    res.json(await listAdmins(db, schoolId, parseInput(staffListQuerySchema, req.query, 'query')));
  });

  /** The caller's own membership here: any member may read it. */
  app.get(`${ADMINS}me/`, async (req, res) => {
    const schoolId = parseId(req.params.id);
    const staff = requireSchoolMember(res, schoolId);
    const me = await adminOf(db, schoolId, staff.user_id);
    if (!me) throw notFound('Ya no formas parte del personal de esta escuela.');
    res.json(me);
  });

  app.post(ADMINS, async (req, res) => {
    const schoolId = parseId(req.params.id);
    const staff = requirePermission(res, schoolId, 'staff.write');
    const input = parseInput(createAdminSchema, req.body);
    res.status(201).json(await addMember(ctx, sendInvitation, schoolId, staff.user_id, input));
  });

  app.put(`${ADMINS}:admin/`, async (req, res) => {
    const { schoolId, userId, actorId } = target(req.params, res);
    const input = parseInput(updateAdminSchema, req.body);
    await db.transaction(async (tx) =>
      changeRole(tx, schoolId, userId, input, await actorIn(tx, schoolId, actorId)),
    );
    res.json(await adminOf(db, schoolId, userId));
  });

  app.put(`${ADMINS}:admin/permissions/`, async (req, res) => {
    const { schoolId, userId, actorId } = target(req.params, res);
    const input = parseInput(updateAdminPermissionsSchema, req.body);
    await db.transaction(async (tx) =>
      changePermissions(tx, schoolId, userId, input, await actorIn(tx, schoolId, actorId)),
    );
    res.json(await adminOf(db, schoolId, userId));
  });

  app.delete(`${ADMINS}:admin/`, async (req, res) => {
    const { schoolId, userId, actorId } = target(req.params, res);
    await db.transaction(async (tx) =>
      removeAdmin(tx, schoolId, userId, await actorIn(tx, schoolId, actorId)),
    );
    res.status(204).end();
  });
}

/**
 * The one way a member is added (POST …/schools/{id}/admins/ and POST /api/v1/users/): the
 * command commits, then a new user's invitation is e-mailed (a failed mail is only logged).
 */
export async function addMember(
  ctx: Ctx,
  sendInvitation: SendInvitation,
  schoolId: string,
  actorId: string,
  input: CreateAdmin,
) {
  const created = await ctx.db.transaction(async (tx) =>
    createAdmin(tx, schoolId, input, await actorIn(tx, schoolId, actorId)),
  );
  const admin = (await adminOf(ctx.db, schoolId, created.userId))!;
  if (created.invitation)
    await sendInvitation({
      to: admin.email,
      name: admin.name,
      schoolName: await schoolNameOf(ctx, schoolId),
      role: admin.role,
      token: created.invitation.token,
      expiresAt: created.invitation.expires_at,
    });
  return { admin, invitation: created.invitation };
}

export async function schoolNameOf(ctx: Ctx, schoolId: string): Promise<string> {
  const [school] = await ctx.db
    .select({ name: schools.name })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return school?.name ?? 'tu escuela';
}

/** School and member from the path; the caller must hold staff.write there. */
function target(
  params: Record<string, string | undefined>,
  res: Parameters<typeof requirePermission>[0],
) {
  const schoolId = parseId(params.id);
  const staff = requirePermission(res, schoolId, 'staff.write');
  const userId = parseIdOr404(params.admin);
  return { schoolId, userId, actorId: staff.user_id };
}

function parseIdOr404(value: string | undefined): string {
  try {
    return parseId(value);
  } catch {
    throw notFound(UNKNOWN_ADMIN);
  }
}
