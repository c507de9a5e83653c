import type { Express } from 'express';
import { staffCredentialsSchema } from '@cuota/contracts/identity/sign-in';
import { HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { requireServiceCaller } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { authenticateStaff, staffIdentity } from './staff-directory';

export function staffRoutes(app: Express, db: EnrolmentDb): void {
  app.post('/internal/staff/authenticate', async (req, res) => {
    requireServiceCaller(res);
    const identity = await authenticateStaff(db, parseInput(staffCredentialsSchema, req.body));
    if (!identity)
      throw new HttpError(401, 'UNAUTHENTICATED', 'El correo o la contraseña no son correctos.');
    res.json(identity);
  });

  /** The signed-in staff user with their memberships. */
  app.get('/api/v1/users/me/', async (_req, res) => {
    const staff = requireKind(res, 'staff');
    const identity = await staffIdentity(db, staff.user_id);
    if (!identity) throw notFound('Tu usuario ya no existe.');
    res.json(identity);
  });
}
