import type { Express } from 'express';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { staffCredentialsSchema } from '@cuota/contracts/identity/sign-in';
import { HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { requireServiceCaller } from '../access';
import type * as schema from '../schema';
import { adminRoutes } from './admin-routes';
import { authenticateStaff, staffIdentity } from './staff-directory';
import { invitationSender } from './invitation-mail';
import { staffUserRoutes } from './staff-user-routes';
import { usersRoutes } from './users-routes';

/** Staff sign-in, the signed-in user, and each school's staff and permissions. */
export function staffRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;
  const sendInvitation = invitationSender(ctx.config, ctx.logger);
  adminRoutes(app, ctx, sendInvitation);
  staffUserRoutes(app, db);

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
  // After /users/me/: /users/{id}/ would take "me" for an id.
  usersRoutes(app, ctx, sendInvitation);
}
