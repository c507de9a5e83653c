import type { Express } from 'express';
import { and, eq } from 'drizzle-orm';
import {
  dashboardGuardiansQuerySchema,
  guardianListQuerySchema,
  guardianPortalPath,
  type GuardianPortalUrl,
} from '@cuota/contracts/enrolment/guardian-profile';
import { HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import { guardianSchools, guardians } from '../schema';
import { authorizeGuardian, UNKNOWN_GUARDIAN } from './guardian-access';
import { listSchoolGuardians } from './guardian-list';
import { publishGuardianUpdated } from './guardian-snapshot';

/** The dashboard's guardians: list (v1 school rows and the group row), portal link, re-publish. */
export function guardianDashboardRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  app.get('/api/v1/dashboard/schools/:id/guardians/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'guardians.read');
    const query = parseInput(guardianListQuerySchema, req.query, 'query');
    res.json(await listSchoolGuardians(db, schoolId, query));
  });

  app.get('/api/v1/dashboard/guardians/', async (req, res) => {
    const { school_id, ...query } = parseInput(dashboardGuardiansQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'guardians.read');
    res.json(await listSchoolGuardians(db, school_id, query));
  });

  /** portal_url = PUBLIC_URL + /guardians/{guardianHash}, for staff to send to the family. */
  app.get('/api/v1/dashboard/schools/:id/guardians/:guardian/portal_url/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'guardians.read');
    const guardianId = parseId(req.params.guardian);
    const [row] = await db
      .select({ hash: guardians.guardianHash })
      .from(guardianSchools)
      .innerJoin(guardians, eq(guardians.id, guardianSchools.guardianId))
      .where(
        and(eq(guardianSchools.schoolId, schoolId), eq(guardianSchools.guardianId, guardianId)),
      );
    if (!row) throw notFound(UNKNOWN_GUARDIAN);
    const publicUrl = ctx.config.publicUrl;
    if (!publicUrl)
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'El enlace del portal no está configurado.');
    const path = guardianPortalPath(row.hash);
    const body: GuardianPortalUrl = {
      guardian_id: guardianId,
      portal_path: path,
      portal_url: new URL(path, publicUrl).toString(),
    };
    res.json(body);
  });

  /**
   * trigger-save-action: publishes the guardian's current state again as
   * enrolment.guardian.updated, so a domain that missed or mis-applied an event resyncs
   * (consumers keep the newest snapshot, so a re-publish is always safe). 202: the event
   * is on its way.
   */
  app.post('/api/v4/dashboard/trigger-save-action/guardians/:id/', async (req, res) => {
    const { guardianId } = await authorizeGuardian(db, res, req.params.id, 'guardians.write');
    await db.transaction((tx) => publishGuardianUpdated(tx, guardianId));
    res.status(202).json({ guardian_id: guardianId, published: 'enrolment.guardian.updated' });
  });
}
