import type { Express, Request, Response } from 'express';
import {
  patchGuardianSchema,
  replaceGuardianSchema,
} from '@cuota/contracts/enrolment/guardian-profile';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { requireServiceCaller } from '../access';
import type * as schema from '../schema';
import { billingAssignmentRoutes } from './billing/billing-assignment-routes';
import { authorizeGuardian, UNKNOWN_GUARDIAN } from './guardian-access';
import { guardianDashboardRoutes } from './guardian-dashboard-routes';
import { guardianByHash, guardianMe } from './guardian-directory';
import { guardianProfile } from './guardian-profile';
import { updateGuardian } from './update-guardian';

export function guardianRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  /** Sign-in look-up by the BFF, before anyone is signed in. */
  app.get('/internal/guardians/by-hash/:hash', async (req, res) => {
    requireServiceCaller(res);
    const guardian = await guardianByHash(db, req.params.hash);
    if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
    res.json(guardian);
  });

  app.get('/api/v1/guardians/me/', async (_req, res) => {
    const { guardian_id } = requireKind(res, 'guardian');
    const me = await guardianMe(db, guardian_id);
    if (!me) throw notFound(UNKNOWN_GUARDIAN);
    res.json(me);
  });

  // Before /:id/: "assign_billing" is a path, not an id.
  billingAssignmentRoutes(app, ctx);

  /** A guardian reads only themselves; staff read guardians of their schools. */
  app.get('/api/v1/guardians/:id/', async (req, res) => {
    const { guardianId } = await authorizeGuardian(db, res, req.params.id, 'guardians.read');
    const guardian = await guardianProfile(db, guardianId);
    if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
    res.json(guardian);
  });

  /** A guardian updates their own contact and billing data; staff need guardians.write. */
  async function edit(req: Request, res: Response, method: 'PUT' | 'PATCH') {
    const { guardianId } = await authorizeGuardian(
      db,
      res,
      req.params.id as string,
      'guardians.write',
    );
    const changes = parseInput(
      method === 'PUT' ? replaceGuardianSchema : patchGuardianSchema,
      req.body,
    );
    await db.transaction((tx) => updateGuardian(tx, guardianId, changes));
    res.json(await guardianProfile(db, guardianId));
  }
  app.put('/api/v1/guardians/:id/', (req, res) => edit(req, res, 'PUT'));
  app.patch('/api/v1/guardians/:id/', (req, res) => edit(req, res, 'PATCH'));

  guardianDashboardRoutes(app, ctx);
}
