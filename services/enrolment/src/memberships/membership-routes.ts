import type { Express } from 'express';
import { updateMembershipSchema } from '@cuota/contracts/enrolment/memberships';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { idSchema, memberSchoolIds, requirePermission } from '../access';
import type * as schema from '../schema';
import {
  UNKNOWN_MEMBERSHIP,
  membershipDetail,
  membershipKey,
  myMemberships,
  organizationsOf,
} from './membership-directory';
import { updateMembership } from './update-membership';

/** The caller's memberships and schools (school switcher), and the back office's update. */
export function membershipRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  app.get('/academic-coordinator/memberships/', async (_req, res) => {
    const staff = requireKind(res, 'staff');
    res.json(await myMemberships(db, staff.user_id));
  });

  app.get('/academic-coordinator/organizations/', async (_req, res) => {
    const staff = requireKind(res, 'staff');
    res.json(await organizationsOf(db, staff.user_id));
  });

  /** Needs staff.write in the membership's school; another school's membership is a 404. */
  app.patch('/backoffice/memberships/:id/', async (req, res) => {
    const caller = requireKind(res, 'staff');
    const id = idSchema.safeParse(req.params.id);
    const target = id.success ? await membershipKey(db, id.data) : null;
    // Unknown, malformed, or in a school the caller is not in: the same 404, nothing leaked.
    if (!id.success || !target || !memberSchoolIds(caller).includes(target.schoolId))
      throw notFound(UNKNOWN_MEMBERSHIP);
    const staff = requirePermission(res, target.schoolId, 'staff.write');
    const input = parseInput(updateMembershipSchema, req.body);
    await db.transaction((tx) => updateMembership(tx, target, input, staff.user_id));
    res.json(await membershipDetail(db, id.data));
  });
}
