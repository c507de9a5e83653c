import { Router } from 'express';
import { z } from 'zod';
import { staffCredentialsSchema } from '@cuota/contracts/identity/sign-in';
import type { BffContext } from '../bff-context';
import { parseJson } from '../http/body-parsers';
import { parseBody } from '../http/input';
import { sessionResponse } from '../session/session-response';
import { signInStaff, staffAccount } from './sign-in';

export const strictStaffCredentials = z.strictObject(staffCredentialsSchema.shape);

/**
 * POST /api/v1/users/auth/: staff e-mail + password (the same check as Auth.js's
 * staff-credentials provider). The spec sends it without credentials, so it takes no CSRF
 * token; it accepts JSON only, which a cross-site form cannot send.
 */
export function staffSignInRoutes(ctx: BffContext): Router {
  const router = Router();
  router.post('/api/v1/users/auth/', parseJson, ctx.limiters.signInPerIp, async (req, res) => {
    const credentials = parseBody(strictStaffCredentials, req.body);
    await ctx.signInFailures.attempt(req, staffAccount(credentials.email), () =>
      signInStaff(req, ctx, credentials),
    );
    res.json(sessionResponse(req, ctx.config));
  });
  return router;
}
