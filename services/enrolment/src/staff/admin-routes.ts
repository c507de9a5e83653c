import type { Express } from 'express';
import {
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
import {
  UNKNOWN_ADMIN,
  actorIn,
  changePermissions,
  changeRole,
  createAdmin,
  removeAdmin,
} from './admin-commands';
import { adminOf, listAdmins } from './admin-directory';

const ADMINS = '/api/v1/dashboard/schools/:id/admins/';

/** A school's staff (spec §6 "admins"): staff.read to list, staff.write to change. */
export function adminRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
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
    const created = await db.transaction(async (tx) =>
      createAdmin(tx, schoolId, input, await actorIn(tx, schoolId, staff.user_id)),
    );
    ctx.publish();
    const admin = await adminOf(db, schoolId, created.userId);
    res.status(201).json({ admin, invitation: created.invitation });
  });

  app.put(`${ADMINS}:admin/`, async (req, res) => {
    const { schoolId, userId, actorId } = target(req.params, res);
    const input = parseInput(updateAdminSchema, req.body);
    await db.transaction(async (tx) =>
      changeRole(tx, schoolId, userId, input, await actorIn(tx, schoolId, actorId)),
    );
    ctx.publish();
    res.json(await adminOf(db, schoolId, userId));
  });

  app.put(`${ADMINS}:admin/permissions/`, async (req, res) => {
    const { schoolId, userId, actorId } = target(req.params, res);
    const input = parseInput(updateAdminPermissionsSchema, req.body);
    await db.transaction(async (tx) =>
      changePermissions(tx, schoolId, userId, input, await actorIn(tx, schoolId, actorId)),
    );
    ctx.publish();
    res.json(await adminOf(db, schoolId, userId));
  });

  app.delete(`${ADMINS}:admin/`, async (req, res) => {
    const { schoolId, userId, actorId } = target(req.params, res);
    await db.transaction(async (tx) =>
      removeAdmin(tx, schoolId, userId, await actorIn(tx, schoolId, actorId)),
    );
    ctx.publish();
    res.status(204).end();
  });
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
